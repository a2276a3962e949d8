cwlVersion: v1.2
class: CommandLineTool
requirements:
  InlineJavascriptRequirement:
    expressionLib:
      - "function double(x) { return 2 * x; }"
baseCommand: echo
inputs:
  n: int
arguments:
  - valueFrom: |
      ${ return double(inputs.n); }
outputs:
  out: stdout
