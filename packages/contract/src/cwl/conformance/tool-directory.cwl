cwlVersion: v1.2
class: CommandLineTool
requirements:
  InitialWorkDirRequirement:
    listing: [$(inputs.src)]
baseCommand: touch
arguments: [$(inputs.src.basename)/done]
inputs:
  src: Directory
outputs:
  result:
    type: Directory
    outputBinding:
      glob: $(inputs.src.basename)
