cwlVersion: v1.2
class: CommandLineTool
baseCommand: wc
stdin: $(inputs.file.path)
stdout: count.txt
inputs:
  file: File
outputs:
  count:
    type: stdout
