cwlVersion: v1.2
class: Workflow
requirements:
  InlineJavascriptRequirement: {}
  MultipleInputFeatureRequirement: {}
inputs:
  file: File
  fast: boolean
outputs:
  result:
    type: File
    outputSource: [quick/out, slow/out]
    pickValue: the_only_non_null
steps:
  quick:
    run:
      class: CommandLineTool
      baseCommand: [wc, -c]
      inputs: {f: {type: File, inputBinding: {position: 1}}, fast: boolean}
      outputs: {out: stdout}
    in: {f: file, fast: fast}
    when: $(inputs.fast)
    out: [out]
  slow:
    run:
      class: CommandLineTool
      baseCommand: [wc, -l]
      inputs: {f: {type: File, inputBinding: {position: 1}}, fast: boolean}
      outputs: {out: stdout}
    in: {f: file, fast: fast}
    when: $(!inputs.fast)
    out: [out]
