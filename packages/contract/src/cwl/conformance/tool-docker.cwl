cwlVersion: v1.2
class: CommandLineTool
requirements:
  DockerRequirement:
    dockerPull: debian:stable-slim
    dockerOutputDirectory: /out
baseCommand: uname
arguments: [-a]
inputs: {}
outputs:
  out: stdout
