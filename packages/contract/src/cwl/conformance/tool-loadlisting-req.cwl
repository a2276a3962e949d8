cwlVersion: v1.2
class: CommandLineTool
requirements:
  LoadListingRequirement:
    loadListing: deep_listing
  InlineJavascriptRequirement: {}
baseCommand: echo
inputs:
  dir: Directory
arguments:
  - $(inputs.dir.listing.length)
outputs:
  out: stdout
