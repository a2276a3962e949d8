cwlVersion: v1.2
class: CommandLineTool
baseCommand: sort
inputs:
  order:
    type:
      type: enum
      symbols: [ascending, descending]
    inputBinding:
      position: 1
      valueFrom: '$(self == "descending" ? "-r" : "")'
  options:
    type:
      type: record
      fields:
        numeric:
          type: boolean
          inputBinding: {prefix: -n}
        key:
          type: int?
          inputBinding: {prefix: -k}
  file: {type: File, inputBinding: {position: 3}}
requirements:
  InlineJavascriptRequirement: {}
outputs:
  sorted: stdout
