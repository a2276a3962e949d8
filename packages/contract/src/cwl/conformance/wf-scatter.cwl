cwlVersion: v1.2
class: Workflow
requirements:
  ScatterFeatureRequirement: {}
inputs:
  files: File[]
outputs:
  counts: {type: "File[]", outputSource: count/out}
steps:
  count:
    run:
      class: CommandLineTool
      baseCommand: [wc, -l]
      inputs: {f: {type: File, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    scatter: f
    in: {f: files}
    out: [out]
