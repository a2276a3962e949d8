{
  "cwlVersion": "v1.2",
  "class": "CommandLineTool",
  "id": "rev",
  "baseCommand": "rev",
  "inputs": [
    {"id": "file", "type": "File", "inputBinding": {"position": 1}}
  ],
  "outputs": [
    {"id": "out", "type": "stdout"}
  ],
  "stdout": "reversed.txt"
}
