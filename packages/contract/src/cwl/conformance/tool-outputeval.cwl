cwlVersion: v1.2
class: CommandLineTool
requirements:
  InlineJavascriptRequirement: {}
baseCommand: wc
arguments: [-l]
stdin: $(inputs.file.path)
stdout: n.txt
inputs:
  file: File
outputs:
  lines:
    type: int
    outputBinding:
      glob: n.txt
      loadContents: true
      outputEval: $(parseInt(self[0].contents))
