cwlVersion: v1.2
class: CommandLineTool
baseCommand: grep
successCodes: [0, 1]
temporaryFailCodes: [75]
permanentFailCodes: [2, 3]
inputs:
  pattern: {type: string, inputBinding: {position: 1}}
  file: {type: File, inputBinding: {position: 2}}
outputs:
  matches: stdout
