cwlVersion: v1.2
class: Workflow
requirements:
  StepInputExpressionRequirement: {}
  InlineJavascriptRequirement: {}
inputs:
  file: File
outputs:
  out: {type: File, outputSource: echo/out}
steps:
  echo:
    run:
      class: CommandLineTool
      baseCommand: echo
      inputs: {name: {type: string, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in:
      name:
        source: file
        valueFrom: $(self.basename.toUpperCase())
    out: [out]
