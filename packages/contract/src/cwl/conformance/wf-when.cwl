cwlVersion: v1.2
class: Workflow
requirements:
  InlineJavascriptRequirement: {}
inputs:
  file: File
  enabled: boolean
outputs:
  count:
    type: File?
    outputSource: count/out
steps:
  count:
    run:
      class: CommandLineTool
      baseCommand: [wc, -l]
      inputs:
        f: {type: File, inputBinding: {position: 1}}
        enabled: boolean
      outputs: {out: stdout}
    in: {f: file, enabled: enabled}
    when: $(inputs.enabled)
    out: [out]
