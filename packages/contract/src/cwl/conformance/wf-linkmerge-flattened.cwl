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
          type: File[]
          inputBinding: {position: 1}
      outputs: {out: stdout}
    in:
      files:
        source: [a, b]
        linkMerge: merge_flattened
    out: [out]
