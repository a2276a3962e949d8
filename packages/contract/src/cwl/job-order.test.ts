import { describe, expect, it } from 'vitest';
import { processPorts } from './inputs';
import { checkJobOrder } from './job-order';
import { parseCwlText, resolveRuns } from './parse';

const tool = parseCwlText(`cwlVersion: v1.2
class: CommandLineTool
baseCommand: cat
inputs:
  reads: {type: 'File[]', secondaryFiles: [.bai]}
  mode: {type: {type: enum, symbols: ['#main/mode/fast', '#main/mode/slow']}, default: fast}
  n: int?
  opts:
    type: {type: record, fields: {depth: int, name: string}}
outputs:
  out: stdout
`);

describe('CWL input types and the job-order check', () => {
  const { inputs, outputs } = processPorts(tool);
  it('normalises arrays, enums (names cut from their URIs), optional and record types', () => {
    expect(inputs.map((i) => [i.id, i.optional])).toEqual([
      ['reads', false],
      ['mode', true],
      ['n', true],
      ['opts', false],
    ]);
    expect(inputs[1]!.type).toEqual({ kind: 'enum', symbols: ['fast', 'slow'] });
    expect(inputs[0]!.secondaryFiles).toEqual(['.bai']);
    expect(outputs[0]!.type).toEqual({ kind: 'File' });
  });

  it('names each wrong field and collects the files to resolve', () => {
    const good = checkJobOrder(inputs, { reads: [{ class: 'File', path: 'a.bam' }], opts: { depth: 2, name: 'x' } });
    expect(good).toEqual({ issues: [], files: [{ field: 'job_order.reads.0.path', kind: 'File', path: 'a.bam' }] });
    const bad = checkJobOrder(inputs, { reads: [{ class: 'Directory', path: 'd' }], mode: 'medium', n: 1.5, opts: { depth: 'deep', name: 'x', extra: 1 }, zzz: 1 });
    expect(bad.issues.map((i) => i.path).sort()).toEqual(['job_order.mode', 'job_order.n', 'job_order.opts.depth', 'job_order.opts.extra', 'job_order.reads.0', 'job_order.zzz']);
  });
});

describe('run: references', () => {
  const wf = (run: string) => `cwlVersion: v1.2\nclass: Workflow\ninputs: []\noutputs: []\nsteps:\n  a:\n    run: ${run}\n    in: []\n    out: []\n`;
  it('resolve to files of the upload or catalogue apps, and refuse anything outside', () => {
    expect(resolveRuns({ 'w.cwl': wf('tools/t.cwl'), 'tools/t.cwl': 'class: CommandLineTool' }, 'w.cwl').issues).toEqual([]);
    expect(resolveRuns({ 'w.cwl': wf('word-count.cwl') }, 'w.cwl', (n) => n === 'word-count').references[0]!.target).toEqual({ kind: 'app', name: 'word-count' });
    for (const run of ['../x.cwl', '/etc/x.cwl', 'https://example.com/x.cwl', 'file:///x.cwl', 'missing.cwl'])
      expect(resolveRuns({ 'w.cwl': wf(run) }, 'w.cwl').issues.map((i) => i.path)).toEqual(['w.cwl:steps.a.run']);
    expect(resolveRuns({ 'w.cwl': wf('v.cwl'), 'v.cwl': wf('w.cwl') }, 'w.cwl').issues[0]!.message).toContain('cycle');
  });
});
