cwlVersion: v1.2
class: Workflow
inputs:
  - id: file
    type: File
    label: Input file
outputs:
  - id: result
    type: File
    outputSource: [second/out]
steps:
  - id: first
    run:
          class: CommandLineTool
          baseCommand: [wc, -l]
          inputs: {f: {type: File, inputBinding: {position: 1}}}
          outputs: {out: stdout}
    in:
      - id: f
        source: file
    out:
      - id: out
  - id: second
    run:
          class: CommandLineTool
          baseCommand: [wc, -l]
          inputs: {f: {type: File, inputBinding: {position: 1}}}
          outputs: {out: stdout}
    in:
      - {id: f, source: first/out}
    out: [out]
