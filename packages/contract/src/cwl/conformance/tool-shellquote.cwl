# shellQuote: false needs ShellCommandRequirement
cwlVersion: v1.2
class: CommandLineTool
requirements:
  ShellCommandRequirement: {}
inputs:
  file:
    type: File
    inputBinding: {position: 1}
arguments:
  - {valueFrom: cat, position: 0}
  - {valueFrom: "|", shellQuote: false, position: 2}
  - {valueFrom: wc -l, shellQuote: false, position: 3}
outputs:
  count: stdout
