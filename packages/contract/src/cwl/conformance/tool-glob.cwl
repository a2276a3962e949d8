cwlVersion: v1.2
class: CommandLineTool
baseCommand: split
arguments: [-l, "1"]
inputs:
  file: {type: File, inputBinding: {position: 1}}
outputs:
  parts:
    type: File[]
    outputBinding:
      glob: "x*"
  first:
    type: File?
    outputBinding:
      glob: [xaa, xab]
