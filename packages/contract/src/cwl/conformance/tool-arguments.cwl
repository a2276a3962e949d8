cwlVersion: v1.2
class: CommandLineTool
baseCommand: tar
arguments:
  - -c
  - {prefix: -f, valueFrom: archive.tar, position: 1}
  - {valueFrom: $(inputs.dir.basename), position: 3}
inputs:
  dir:
    type: Directory
outputs:
  archive:
    type: File
    outputBinding: {glob: archive.tar}
