cwlVersion: v1.2
class: CommandLineTool
baseCommand: [head]
inputs:
  lines:
    type: int
    inputBinding: {position: 1, prefix: -n, separate: true}
  bytes:
    type: int?
    inputBinding: {position: 2, prefix: --bytes=, separate: false}
  file:
    type: File
    inputBinding: {position: 3}
outputs:
  out: stdout
