#!/usr/bin/env cwl-runner
# The smallest tool: id, label, doc, baseCommand, positional inputBinding, stdout.
cwlVersion: v1.2
class: CommandLineTool
id: echo
label: Echo a message
doc: |
  Prints its message on standard output.
baseCommand: echo
inputs:
  message:
    type: string
    label: Message
    doc: The text to print
    inputBinding:
      position: 1
outputs:
  out:
    type: stdout
stdout: message.txt
