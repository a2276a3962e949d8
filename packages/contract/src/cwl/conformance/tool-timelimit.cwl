cwlVersion: v1.2
class: CommandLineTool
requirements:
  ToolTimeLimit: {timelimit: 60}
  NetworkAccess: {networkAccess: true}
  WorkReuse: {enableReuse: false}
  InplaceUpdateRequirement: {inplaceUpdate: false}
baseCommand: [curl, -sI]
inputs:
  url: {type: string, inputBinding: {position: 1}}
outputs:
  headers: stdout
