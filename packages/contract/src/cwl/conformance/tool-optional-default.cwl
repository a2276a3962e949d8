cwlVersion: v1.2
class: CommandLineTool
baseCommand: ls
inputs:
  all:
    type: boolean
    default: false
    inputBinding: {prefix: -a}
  depth:
    type: int?
    inputBinding: {prefix: --depth}
  path:
    type: string
    default: .
    inputBinding: {position: 1}
  maybe_files:
    type: ["null", "File[]"]
outputs:
  out: stdout
