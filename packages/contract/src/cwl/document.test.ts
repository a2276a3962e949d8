import { describe, expect, it } from 'vitest';
import { CwlDocument, CwlSyntaxError } from './document';
import { WorkflowEditor } from './workflow-edit';
import { ToolEditor } from './tool-edit';

const workflow = `#!/usr/bin/env cwl-runner
# Head comment: who wrote this and why
cwlVersion: v1.2
class: Workflow
$namespaces:
  s: https://schema.org/
  edam: http://edamontology.org/
s:author: Ada Lovelace   # an extension field the designer knows nothing of
hints:
  ResourceRequirement: {coresMin: 2}
requirements:
  # keep me: the author's note on Docker
  DockerRequirement:
    dockerPull: debian:stable-slim
inputs:
  files: File[]   # many inputs
  pattern:
    type: string
    default: "foo"
outputs:
  counts:
    type: File[]
    outputSource: count/out
steps:
  count:
    run:
      class: CommandLineTool
      baseCommand: [wc, -l]
      inputs:
        f: {type: File, inputBinding: {position: 1}}
      outputs:
        out: stdout
    in:
      f: files
    out: [out]
    scatter: f
    x-extension: {anything: [1, 2]}
`;

describe('CwlDocument: lossless edits', () => {
  it('keeps comments, their order, $namespaces, hints and extension fields through visual edits', () => {
    const doc = CwlDocument.parse(workflow);
    const editor = new WorkflowEditor(doc);
    editor.addStep('sort', { class: 'CommandLineTool', baseCommand: 'sort', inputs: { f: 'File' }, outputs: { out: 'stdout' }, stdout: 'sorted' }, ['f'], ['out']);
    editor.connect('files', 'sort', 'f');
    editor.setStepField('sort', 'scatter', 'f');
    editor.setStepInputField('count', 'f', 'pickValue', 'first_non_null');
    const out = doc.toString();
    for (const kept of ['#!/usr/bin/env cwl-runner', '# Head comment: who wrote this and why', '# an extension field the designer knows nothing of', '# keep me: the author\'s note on Docker', '# many inputs', 's:author: Ada Lovelace', 'edam: http://edamontology.org/', 'x-extension: {anything: [1, 2]}', 'coresMin: 2'])
      expect(out).toContain(kept);
    const order = ['# Head comment', '$namespaces', 's:author', 'hints', '# keep me', 'inputs', 'outputs', 'steps'].map((s) => out.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const js = CwlDocument.parse(out).toJS() as { steps: Record<string, Record<string, unknown>>; requirements: Record<string, unknown> };
    expect(js.steps.sort).toMatchObject({ in: { f: 'files' }, scatter: 'f', out: ['out'] });
    expect(js.steps.count!.in).toEqual({ f: { source: 'files', pickValue: 'first_non_null' } });
    // scatter was already used (count) and is used again (sort): the requirement is declared once
    expect(Object.keys(js.requirements)).toEqual(['DockerRequirement', 'ScatterFeatureRequirement']);
  });

  it('re-emits an untouched YAML document unchanged', () => {
    expect(CwlDocument.parse(workflow).toString()).toBe(workflow);
  });

  it('edits list-form sections in list form and keeps a JSON document JSON', () => {
    const json = JSON.stringify({ cwlVersion: 'v1.2', class: 'CommandLineTool', 'ex:tag': 1, $namespaces: { ex: 'http://example.com/' }, baseCommand: 'cat', inputs: [{ id: 'a', type: 'File' }], outputs: [] });
    const doc = CwlDocument.parse(json);
    const tool = new ToolEditor(doc);
    tool.setInputBinding('a', 'position', 1);
    tool.setPort('inputs', 'b', 'type', 'int');
    tool.set('stdout', 'out.txt');
    const out = doc.toString();
    expect(out.trimStart().startsWith('{')).toBe(true);
    expect(JSON.parse(out)).toMatchObject({ 'ex:tag': 1, $namespaces: { ex: 'http://example.com/' }, inputs: [{ id: 'a', type: 'File', inputBinding: { position: 1 } }, { id: 'b', type: 'int' }], stdout: 'out.txt' });
  });

  it('expands a shorthand entry when a field is set and edits a $graph document at #main', () => {
    const packed = `cwlVersion: v1.2
$graph:
  - id: tool
    class: CommandLineTool
    baseCommand: echo
    inputs: {msg: {type: string, inputBinding: {}}}
    outputs: {o: stdout}
  - id: main   # the entry point
    class: Workflow
    inputs: {msg: string}
    outputs: {}
    steps:
      echo: {run: '#tool', in: {msg: msg}, out: [o]}
`;
    const doc = CwlDocument.parse(packed);
    expect(doc.mainPath()).toEqual(['$graph', 1]);
    const editor = new WorkflowEditor(doc);
    editor.setStepInputField('echo', 'msg', 'valueFrom', '$(self.toUpperCase())');
    const out = doc.toString();
    expect(out).toContain('# the entry point');
    const main = (CwlDocument.parse(out).toJS().$graph as Record<string, unknown>[])[1]!;
    expect(main.steps).toMatchObject({ echo: { in: { msg: { source: 'msg', valueFrom: '$(self.toUpperCase())' } } } });
    expect(Object.keys(main.requirements as object).sort()).toEqual(['InlineJavascriptRequirement', 'StepInputExpressionRequirement']);
  });

  it('names the line of a syntax error', () => {
    expect(() => CwlDocument.parse('class: Workflow\ninputs: [a\n')).toThrow(CwlSyntaxError);
    try {
      CwlDocument.parse('class: Workflow\ninputs:\n  a: 1\n  a: 2\n');
    } catch (e) {
      expect((e as CwlSyntaxError).line).toBe(4);
    }
  });
});
