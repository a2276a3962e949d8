cwlVersion: v1.2
class: CommandLineTool
baseCommand: ls
inputs:
  dir:
    type: Directory
    loadListing: shallow_listing
    inputBinding: {position: 1}
outputs:
  out: stdout
