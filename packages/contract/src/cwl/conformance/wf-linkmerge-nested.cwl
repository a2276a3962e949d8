cwlVersion: v1.2
class: Workflow
requirements:
  MultipleInputFeatureRequirement: {}
inputs:
  a: File[]
  b: File[]
outputs:
  listing: {type: File, outputSource: list/out}
steps:
  list:
    run:
      class: CommandLineTool
      baseCommand: ls
      inputs:
        files:
          type: {type: array, items: {type: array, items: File}}
          inputBinding: {position: 1}
      outputs: {out: stdout}
    in:
      files:
        source: [a, b]
        linkMerge: merge_nested
    out: [out]
