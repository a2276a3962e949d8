/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowGraphIssues } from './graph-check';

const wc = `cwlVersion: v1.2
class: CommandLineTool
baseCommand: [wc, -w]
inputs:
  file: {type: File, inputBinding: {position: 1}}
stdout: counts.txt
outputs:
  counts: {type: stdout}
`;
const repeat = `cwlVersion: v1.2
class: CommandLineTool
baseCommand: echo
inputs:
  times: {type: int, inputBinding: {position: 1}}
outputs:
  n: int
`;

describe('workflowGraphIssues', () => {
  it('finds nothing in any workflow of the conformance set (what cwltool accepts)', () => {
    const dir = join(import.meta.dirname, 'conformance');
    const files = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.cwl')).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    expect(workflowGraphIssues(files)).toEqual([]);
  });

  it('names a step of a cycle', () => {
    const wf = `cwlVersion: v1.2
class: Workflow
inputs: {f: File}
outputs: {}
steps:
  a:
    run: wc.cwl
    in: {file: b/counts}
    out: [counts]
  b:
    run: wc.cwl
    in: {file: a/counts}
    out: [counts]
`;
    const issues = workflowGraphIssues({ 'wf.cwl': wf, 'wc.cwl': wc });
    expect(issues.map((i) => i.path)).toEqual(['wf.cwl:steps.a']);
    expect(issues[0]!.message).toMatch(/a, b form a cycle/);
  });

  it('names the sink of a File feeding an int, and of a File[] feeding a File without scatter, in a packed $graph too', () => {
    const wf = `cwlVersion: v1.2
class: Workflow
inputs: {files: 'File[]', f: File}
outputs:
  out: {type: File, outputSource: twice/n}
steps:
  count:
    run: wc.cwl
    in: {file: files}
    out: [counts]
  twice:
    run: repeat.cwl
    in: {times: f}
    out: [n]
`;
    const issues = workflowGraphIssues({ 'wf.cwl': wf, 'wc.cwl': wc, 'repeat.cwl': repeat });
    expect(issues.map((i) => i.path)).toEqual(['wf.cwl:steps.count.in.file', 'wf.cwl:steps.twice.in.times', 'wf.cwl:outputs.out.outputSource']);
    expect(issues[1]!.message).toBe('f (File) cannot feed twice/times (int)');
    // the same with scatter is fine, and a packed document is checked under $graph.<id>
    const scattered = wf.replace('    in: {file: files}', '    scatter: file\n    in: {file: files}');
    expect(workflowGraphIssues({ 'wf.cwl': scattered, 'wc.cwl': wc, 'repeat.cwl': repeat }).map((i) => i.path)).not.toContain('wf.cwl:steps.count.in.file');
    const packed = JSON.stringify({
      cwlVersion: 'v1.2',
      $graph: [
        { id: 'repeat', class: 'CommandLineTool', baseCommand: 'echo', inputs: { times: 'int' }, outputs: { n: 'int' } },
        { id: 'main', class: 'Workflow', inputs: { f: 'File' }, outputs: {}, steps: { twice: { run: '#repeat', in: { times: 'f' }, out: ['n'] } } },
      ],
    });
    expect(workflowGraphIssues({ 'p.cwl': packed }).map((i) => i.path)).toEqual(['p.cwl:$graph.main.steps.twice.in.times']);
  });
});
