cwlVersion: v1.2
class: CommandLineTool
requirements:
  SchemaDefRequirement:
    types:
      - name: Sample
        type: record
        fields:
          - name: id
            type: string
            inputBinding: {prefix: --id}
          - name: reads
            type: File
            inputBinding: {prefix: --reads}
baseCommand: echo
inputs:
  sample:
    type: Sample
    inputBinding: {position: 1}
outputs:
  out: stdout
