cwlVersion: v1.2
class: CommandLineTool
hints:
  DockerRequirement: {dockerPull: alpine}
  ResourceRequirement: {coresMin: 1, ramMin: 256}
  SoftwareRequirement:
    packages:
      - package: coreutils
        version: ["8.32"]
baseCommand: date
inputs: []
outputs:
  out: stdout
