#!/usr/bin/env cwl-runner
# Extension fields and namespaces must survive every edit.
cwlVersion: v1.2
class: CommandLineTool
$namespaces:
  s: https://schema.org/
  edam: http://edamontology.org/
s:author:
  - class: s:Person
    s:name: Ada Lovelace   # first programmer
s:license: https://spdx.org/licenses/Apache-2.0
baseCommand: cat
inputs:
  file:
    type: File
    format: edam:format_1929  # FASTA
    inputBinding: {position: 1}
outputs:
  out: stdout
