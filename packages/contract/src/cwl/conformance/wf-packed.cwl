# A packed document: every process in $graph, the entry point is #main.
cwlVersion: v1.2
$graph:
  - id: wc
    class: CommandLineTool
    baseCommand: [wc, -l]
    inputs:
      - id: f
        type: File
        inputBinding: {position: 1}
    outputs:
      - id: out
        type: stdout
  - id: main
    class: Workflow
    inputs:
      - id: file
        type: File
    outputs:
      - id: count
        type: File
        outputSource: '#main/step/out'
    steps:
      - id: step
        run: '#wc'
        in:
          - id: f
            source: '#main/file'
        out: [out]
