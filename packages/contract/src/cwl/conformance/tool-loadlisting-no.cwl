cwlVersion: v1.2
class: CommandLineTool
baseCommand: du
inputs:
  dir:
    type: Directory
    loadListing: no_listing
    inputBinding: {position: 1, prefix: -s}
outputs:
  out:
    type: Directory
    outputBinding: {glob: ., loadListing: shallow_listing}
