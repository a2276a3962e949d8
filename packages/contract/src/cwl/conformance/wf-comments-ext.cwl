#!/usr/bin/env cwl-runner
# Comments, namespaces and extension fields everywhere.
cwlVersion: v1.2
class: Workflow
$namespaces:
  s: https://schema.org/
  edam: http://edamontology.org/
s:author: Ada Lovelace    # written by hand
s:dateCreated: "2026-11-25"
hints:
  ResourceRequirement: {coresMin: 1}   # a hint, not a requirement
inputs:
  # the reads to count
  file:
    type: File
    format: edam:format_1930
outputs:
  out: {type: File, outputSource: count/out}
steps:
  # the only step
  count:
    run:
      class: CommandLineTool
      baseCommand: [wc, -l]
      inputs: {f: {type: File, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in: {f: file}
    out: [out]
    s:note: kept by the designer
