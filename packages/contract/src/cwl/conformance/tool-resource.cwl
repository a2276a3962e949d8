cwlVersion: v1.2
class: CommandLineTool
requirements:
  - class: ResourceRequirement
    coresMin: 2
    coresMax: 4
    ramMin: 1024
    tmpdirMin: 100
    outdirMin: 200
baseCommand: nproc
inputs: []
outputs:
  out: stdout
