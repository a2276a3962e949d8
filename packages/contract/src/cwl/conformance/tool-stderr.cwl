cwlVersion: v1.2
class: CommandLineTool
baseCommand: [ls, /nonexistent]
successCodes: [0, 2]
stderr: err.txt
stdout: out.txt
inputs: []
outputs:
  err: stderr
  out: stdout
