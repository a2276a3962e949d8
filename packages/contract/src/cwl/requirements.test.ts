import { describe, expect, it } from 'vitest';
import { CwlDocument } from './document';
import { needsJavascript, RequirementUsage, requirementReferences } from './requirements';
import { ToolEditor } from './tool-edit';
import { WorkflowEditor } from './workflow-edit';

describe('requirement usage counting (spec §4)', () => {
  it('adds on the first reference, removes at zero, and refuses a release with no reference', () => {
    const log: string[] = [];
    const usage = new RequirementUsage((r) => log.push(`+${r}`), (r) => log.push(`-${r}`));
    usage.retain('ScatterFeatureRequirement');
    usage.retain('ScatterFeatureRequirement');
    usage.release('ScatterFeatureRequirement');
    expect(log).toEqual(['+ScatterFeatureRequirement']);
    usage.release('ScatterFeatureRequirement');
    expect(log).toEqual(['+ScatterFeatureRequirement', '-ScatterFeatureRequirement']);
    expect(() => usage.release('ScatterFeatureRequirement')).toThrow('there is no reference of ScatterFeatureRequirement');
  });

  it('tells JavaScript from parameter references', () => {
    expect(needsJavascript('$(inputs.file.path)')).toBe(false);
    expect(needsJavascript("$(inputs['a b'].basename)")).toBe(false);
    expect(needsJavascript('$(inputs.n + 1)')).toBe(true);
    expect(needsJavascript('${ return 1; }')).toBe(true);
    expect(needsJavascript('prefix $(runtime.outdir)/x')).toBe(false);
  });

  it('derives every workflow feature requirement from the document and follows the designer’s edits', () => {
    const doc = CwlDocument.parse(`cwlVersion: v1.2
class: Workflow
inputs: {xs: "int[]", y: int}
outputs: {}
steps:
  a: {run: t.cwl, in: {n: xs}, out: [o]}
  b: {run: t.cwl, in: {n: y}, out: [o]}
`);
    const w = new WorkflowEditor(doc);
    const reqs = () => Object.keys((doc.toJS().requirements as object | undefined) ?? {}).sort();
    w.setStepField('a', 'scatter', 'n');
    w.setStepField('b', 'scatter', 'n');
    expect(reqs()).toEqual(['ScatterFeatureRequirement']);
    w.setStepField('a', 'scatter', undefined);
    expect(reqs()).toEqual(['ScatterFeatureRequirement']);
    w.setStepField('b', 'scatter', undefined);
    expect(reqs()).toEqual([]);
    w.connect('xs', 'b', 'n');
    w.setStepInputField('b', 'n', 'linkMerge', 'merge_flattened');
    w.setStepInputField('a', 'n', 'valueFrom', '$(self.length)');
    w.setStepField('a', 'when', '$(inputs.n > 0)');
    w.addStep('sub', { class: 'Workflow', inputs: {}, outputs: {}, steps: {} }, [], []);
    expect(reqs()).toEqual(['InlineJavascriptRequirement', 'MultipleInputFeatureRequirement', 'StepInputExpressionRequirement', 'SubworkflowFeatureRequirement']);
    w.disconnect('xs', 'b', 'n');
    w.removeStep('sub');
    expect(reqs()).toEqual(['InlineJavascriptRequirement', 'StepInputExpressionRequirement']);
    expect(requirementReferences(w.process()).get('InlineJavascriptRequirement')).toBe(1) // the when; $(self.length) is a parameter reference;
  });

  it('keeps a requirement written by hand and counts the form editor’s switches', () => {
    const doc = CwlDocument.parse(`cwlVersion: v1.2
class: CommandLineTool
requirements:
  - class: InlineJavascriptRequirement   # written by hand, no expression yet
baseCommand: echo
inputs: {a: string}
outputs: {}
`);
    const t = new ToolEditor(doc);
    t.setInputBinding('a', 'shellQuote', false);
    t.addRequirement('DockerRequirement', { dockerPull: 'alpine' });
    t.addRequirement('EnvVarRequirement', { envDef: { LANG: 'C' } });
    let js = doc.toJS();
    expect((js.requirements as { class: string }[]).map((r) => r.class)).toEqual(['InlineJavascriptRequirement', 'ShellCommandRequirement', 'DockerRequirement', 'EnvVarRequirement']);
    expect(doc.toString()).toContain('# written by hand, no expression yet');
    t.removeRequirement('DockerRequirement');
    t.setInputBinding('a', 'shellQuote', undefined);
    js = doc.toJS();
    expect((js.requirements as { class: string }[]).map((r) => r.class)).toEqual(['InlineJavascriptRequirement', 'EnvVarRequirement']);
    expect(() => t.removeRequirement('DockerRequirement')).toThrow('there is no reference of DockerRequirement');
  });
});

describe('linking through the workflow editor', () => {
  const tool = (input: string, output: string) => ({ class: 'CommandLineTool', baseCommand: 'x', inputs: { f: input }, outputs: { o: output } });
  const types = (doc: CwlDocument) => {
    const steps = doc.toJS().steps as Record<string, { run: { inputs: Record<string, string>; outputs: Record<string, string> } }>;
    const ports = (m: Record<string, string>) => Object.entries(m).map(([id, type]) => ({ id, type }));
    return { inputs: (s: string) => ports(steps[s]!.run.inputs), outputs: (s: string) => ports(steps[s]!.run.outputs) };
  };
  it('checks types, asks for scatter, lifts a scattered step’s outputs to arrays and refuses cycles', () => {
    const doc = CwlDocument.parse('cwlVersion: v1.2\nclass: Workflow\ninputs: {files: "File[]", n: int}\noutputs: {counts: "File[]"}\nsteps: {}\n');
    const w = new WorkflowEditor(doc);
    w.addStep('a', tool('File', 'File'), [], ['o']);
    w.addStep('b', tool('File', 'File'), [], ['o']);
    expect(w.checkConnect('n', 'a', 'f', types(doc))).toMatchObject({ ok: false, reason: 'type_mismatch', src: 'int', sink: 'File' });
    expect(w.checkConnect('files', 'a', 'f', types(doc))).toMatchObject({ ok: false, reason: 'needs_scatter' });
    w.setStepField('a', 'scatter', 'f');
    expect(w.checkConnect('files', 'a', 'f', types(doc))).toEqual({ ok: true });
    w.connect('files', 'a', 'f');
    expect(w.checkConnect('a/o', 'b', 'f', types(doc))).toMatchObject({ ok: false, reason: 'needs_scatter', src: 'File[]' });
    expect(w.checkConnect('a/o', undefined, 'counts', types(doc))).toEqual({ ok: true });
    w.setStepField('b', 'scatter', 'f');
    w.connect('a/o', 'b', 'f');
    expect(w.checkConnect('b/o', 'a', 'f', types(doc))).toMatchObject({ ok: false, reason: 'cycle' });
    expect(doc.toJS().steps).toMatchObject({ a: { in: { f: 'files' }, scatter: 'f' }, b: { in: { f: 'a/o' }, scatter: 'f' } });
  });
});

describe('ShellCommandRequirement references', () => {
  it('counts shellQuote: false in arguments and in input bindings', () => {
    const refs = requirementReferences({ class: 'CommandLineTool', arguments: ['a', { valueFrom: '|', shellQuote: false }], inputs: { x: { type: 'string', inputBinding: { shellQuote: false } } } });
    expect(refs.get('ShellCommandRequirement')).toBe(2);
  });
});
