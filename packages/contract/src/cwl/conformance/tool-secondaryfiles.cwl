cwlVersion: v1.2
class: CommandLineTool
baseCommand: [samtools, view]
inputs:
  bam:
    type: File
    secondaryFiles:
      - .bai
      - pattern: ^.fai
        required: false
    inputBinding: {position: 1}
outputs:
  out:
    type: File
    outputBinding: {glob: "*.sam"}
    secondaryFiles: [.idx]
