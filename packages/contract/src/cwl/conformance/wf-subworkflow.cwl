cwlVersion: v1.2
class: Workflow
requirements:
  SubworkflowFeatureRequirement: {}
inputs:
  file: File
outputs:
  out: {type: File, outputSource: inner/out}
steps:
  inner:
    run:
      class: Workflow
      inputs: {f: File}
      outputs: {out: {type: File, outputSource: count/out}}
      steps:
        count:
          run:
            class: CommandLineTool
            baseCommand: [wc, -l]
            inputs: {f: {type: File, inputBinding: {position: 1}}}
            outputs: {out: stdout}
          in: {f: f}
          out: [out]
    in: {f: file}
    out: [out]
