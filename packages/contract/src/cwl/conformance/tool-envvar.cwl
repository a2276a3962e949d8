cwlVersion: v1.2
class: CommandLineTool
requirements:
  EnvVarRequirement:
    envDef:
      LANG: C
      GREETING: $(inputs.greeting)
baseCommand: env
inputs:
  greeting: string
outputs:
  out: stdout
