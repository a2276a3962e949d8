cwlVersion: v1.2
class: ExpressionTool
requirements:
  InlineJavascriptRequirement: {}
inputs:
  numbers: int[]
outputs:
  total: int
expression: |
  ${ return {total: inputs.numbers.reduce(function (a, b) { return a + b; }, 0)}; }
