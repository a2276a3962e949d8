import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/designer.json';
import es from '../../../locales/es/designer.json';
import ja from '../../../locales/ja/designer.json';
import zh from '../../../locales/zh/designer.json';
import { buildCatalogue, editWorkflow, portTypes, parseDraft } from '../model';
import { CwlDocument } from '@starlight/contract/cwl/document';

const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`])).sort();

describe('designer texts and model', () => {
  it('says the spec §2 warning verbatim in Chinese, and every key in all four languages', () => {
    expect(zh.conflict.message).toBe('已存在编辑中应用，请先完成该应用的编辑');
    expect(keys(es)).toEqual(keys(en));
    expect(keys(ja)).toEqual(keys(en));
    expect(keys(zh)).toEqual(keys(en));
  });

  it('adds a catalogue app as a step (run: <name>.cwl) without moving anything written by hand', () => {
    const catalogue = buildCatalogue([{ name: 'word-count', title: 'wc', class: 'CommandLineTool', cwl: 'cwlVersion: v1.2\nclass: CommandLineTool\nbaseCommand: wc\ninputs: {file: File}\noutputs: {counts: stdout}\n' }]);
    const text = 'cwlVersion: v1.2\nclass: Workflow\n# mine\ns:x: 1\ninputs: {files: "File[]"}\noutputs: {}\nsteps: {}\n';
    const next = editWorkflow(text, catalogue, (w) => w.addStep(w.freshId('word-count', 'steps'), 'word-count.cwl', [], ['counts']));
    expect(next).toContain('# mine');
    expect(next).toContain('s:x: 1');
    const parsed = parseDraft(next);
    expect(parsed.ok && parsed.process.steps).toEqual({ word_count: { run: 'word-count.cwl', in: {}, out: ['counts'] } });
    const types = portTypes(CwlDocument.parse(next), catalogue);
    expect(types.inputs('word_count')).toEqual([{ id: 'file', type: 'File' }]);
  });
});
