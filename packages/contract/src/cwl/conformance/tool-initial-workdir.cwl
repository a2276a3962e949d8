cwlVersion: v1.2
class: CommandLineTool
requirements:
  InitialWorkDirRequirement:
    listing:
      - entryname: config.ini
        entry: |
          name=$(inputs.name)
      - $(inputs.data)
      - entry: $(inputs.data)
        entryname: renamed.txt
        writable: true
baseCommand: [cat, config.ini]
inputs:
  name: string
  data: File
outputs:
  out: stdout
