cwlVersion: v1.2
class: Workflow
inputs:
  bam:
    type: File
    secondaryFiles: [.bai]
outputs:
  out: {type: File, outputSource: view/out}
steps:
  view:
    run:
      class: CommandLineTool
      baseCommand: [ls, -l]
      inputs:
        bam: {type: File, secondaryFiles: [.bai], inputBinding: {position: 1}}
      outputs: {out: stdout}
    in: {bam: bam}
    out: [out]
