cwlVersion: v1.2
class: Workflow
inputs:
  file: File
outputs:
  out: {type: File, outputSource: sort/out}
steps:
  sort:
    requirements:
      ResourceRequirement: {coresMin: 2}
    hints:
      DockerRequirement: {dockerPull: alpine}
    run:
      class: CommandLineTool
      baseCommand: sort
      inputs: {f: {type: File, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in: {f: file}
    out: [out]
