cwlVersion: v1.2
class: Workflow
requirements:
  LoadListingRequirement: {loadListing: shallow_listing}
inputs:
  dir:
    type: Directory
    loadListing: deep_listing
outputs:
  out: {type: File, outputSource: ls/out}
steps:
  ls:
    run:
      class: CommandLineTool
      baseCommand: ls
      inputs: {d: {type: Directory, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in:
      d: {source: dir, loadListing: no_listing}
    out: [out]
