{
  "cwlVersion": "v1.2",
  "class": "Workflow",
  "requirements": [{"class": "ScatterFeatureRequirement"}],
  "inputs": {"words": "string[]"},
  "outputs": {"out": {"type": "File[]", "outputSource": "say/out"}},
  "steps": {
    "say": {
      "run": {
        "class": "CommandLineTool",
        "baseCommand": "echo",
        "inputs": {"w": {"type": "string", "inputBinding": {"position": 1}}},
        "outputs": {"out": "stdout"}
      },
      "in": {"w": "words"},
      "scatter": "w",
      "out": ["out"]
    }
  }
}
