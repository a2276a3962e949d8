#!/usr/bin/env cwl-runner
# Count the lines of a file, then sort the counts: two steps, one link.
cwlVersion: v1.2
class: Workflow
id: two-step
label: Count then sort
doc: Two steps wired together.
inputs:
  file: File
outputs:
  sorted:
    type: File
    outputSource: sort/out
steps:
  count:
    label: Count lines
    run:
      class: CommandLineTool
      baseCommand: [wc, -l]
      inputs: {f: {type: File, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in: {f: file}
    out: [out]
  sort:
    run:
      class: CommandLineTool
      baseCommand: sort
      inputs: {f: {type: File, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in:
      f: count/out
    out: [out]
