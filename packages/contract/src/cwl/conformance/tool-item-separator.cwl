cwlVersion: v1.2
class: CommandLineTool
baseCommand: echo
inputs:
  names:
    type: string[]
    inputBinding: {position: 1, prefix: --names, itemSeparator: ","}
  numbers:
    type:
      type: array
      items: int
      inputBinding: {prefix: -n}
    inputBinding: {position: 2}
outputs:
  out: stdout
