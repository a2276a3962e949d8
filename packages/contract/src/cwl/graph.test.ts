import { describe, expect, it } from 'vitest';
import { findCycle, graphSignature, parseSource, workflowGraph, wouldCycle } from './graph';

const wf = {
  class: 'Workflow',
  inputs: [{ id: '#main/files', type: 'File[]' }],
  outputs: { result: { type: 'File', outputSource: ['#main/b/out', 'a/out'], linkMerge: 'merge_flattened' } },
  steps: [
    { id: '#main/a', run: '#tool', in: [{ id: '#main/a/f', source: '#main/files' }], out: ['#main/a/out'], scatter: '#main/a/f' },
    { id: 'b', run: 'x.cwl', in: { f: 'a/out', g: { source: ['files', 'a/out'], linkMerge: 'merge_flattened' } }, out: [{ id: 'out' }] },
  ],
};

describe('workflow graph', () => {
  it('reads map and list forms, packed ids and multiple sources into nodes and edges', () => {
    const g = workflowGraph(wf);
    expect(g.nodes.map((n) => `${n.kind}:${n.id}`)).toEqual(['input:files', 'step:a', 'step:b', 'output:result']);
    expect(g.nodes[1]).toMatchObject({ inputs: ['f'], outputs: ['out'], scatter: ['f'] });
    expect(graphSignature(g).filter((s) => s.startsWith('edge:'))).toEqual(
      ['edge:a/out->b/f', 'edge:a/out->b/g', 'edge:a/out->result', 'edge:b/out->result', 'edge:files->a/f', 'edge:files->b/g'].sort(),
    );
    expect(parseSource('#main/a/out', new Set(['a']))).toEqual({ step: 'a', port: 'out' });
    expect(parseSource('#main/files', new Set(['a']))).toEqual({ port: 'files' });
  });
  it('finds a cycle and refuses a link that would close one', () => {
    expect(findCycle(workflowGraph(wf))).toEqual([]);
    expect(wouldCycle(workflowGraph(wf), 'b', 'a')).toBe(true);
    expect(wouldCycle(workflowGraph(wf), 'a', 'b')).toBe(false);
    const cyclic = { ...wf, steps: [...wf.steps, { id: 'c', run: 'x', in: { f: 'd/out' }, out: ['out'] }, { id: 'd', run: 'x', in: { f: 'c/out' }, out: ['out'] }] };
    expect(findCycle(workflowGraph(cyclic)).sort()).toEqual(['c', 'd']);
  });
});
