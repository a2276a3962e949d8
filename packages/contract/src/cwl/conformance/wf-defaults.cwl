cwlVersion: v1.2
class: Workflow
inputs:
  file: File
outputs:
  out: {type: File, outputSource: head/out}
steps:
  head:
    run:
      class: CommandLineTool
      baseCommand: head
      inputs:
        n: {type: int, inputBinding: {prefix: -n}}
        f: {type: File, inputBinding: {position: 1}}
      outputs: {out: stdout}
    in:
      n: {default: 5}
      f: {source: file}
    out: [out]
