cwlVersion: v1.2
class: Workflow
requirements:
  DockerRequirement: {dockerPull: debian:stable-slim}
  EnvVarRequirement: {envDef: {LC_ALL: C}}
  ResourceRequirement: {coresMin: 1, ramMin: 512}
inputs:
  file: File
outputs:
  out: {type: File, outputSource: sort/out}
steps:
  sort:
    run:
      class: CommandLineTool
      baseCommand: sort
      inputs: {f: {type: File, inputBinding: {position: 1}}}
      outputs: {out: stdout}
    in: {f: file}
    out: [out]
