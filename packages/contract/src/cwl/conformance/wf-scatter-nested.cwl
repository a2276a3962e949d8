cwlVersion: v1.2
class: Workflow
requirements:
  ScatterFeatureRequirement: {}
inputs:
  left: File[]
  right: File[]
outputs:
  pasted:
    type: {type: array, items: {type: array, items: File}}
    outputSource: paste/out
steps:
  paste:
    run:
      class: CommandLineTool
      baseCommand: paste
      inputs:
        a: {type: File, inputBinding: {position: 1}}
        b: {type: File, inputBinding: {position: 2}}
      outputs: {out: stdout}
    in: {a: left, b: right}
    out: [out]
    scatter: [a, b]
    scatterMethod: nested_crossproduct
