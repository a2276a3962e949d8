import { afterEach, describe, expect, it } from 'vitest';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { appsApiSource } from '../api/designer-source';
import { useDraftStore } from '../draft-store';
import { pickImport, uploadFields } from '../import-files';
import { buildCatalogue, portTypes, withFiles } from '../model';
import { CwlDocument } from '@starlight/contract/cwl/document';

const tool = 'cwlVersion: v1.2\nclass: CommandLineTool\nbaseCommand: wc\ninputs: {file: File}\nstdout: c.txt\noutputs: {counts: stdout}\n';
const workflow = 'cwlVersion: v1.2\nclass: Workflow\ninputs: {f: File}\noutputs: {}\nsteps:\n  count:\n    run: tools/wc.cwl\n    in: {file: f}\n    out: [counts]\n';
const packed = JSON.stringify({
  cwlVersion: 'v1.2',
  $graph: [
    { id: 'wc', class: 'CommandLineTool', baseCommand: 'wc', inputs: { file: 'File' }, outputs: {} },
    { id: 'main', class: 'Workflow', inputs: { f: 'File' }, outputs: {}, steps: { count: { run: '#wc', in: { file: 'f' }, out: [] } } },
  ],
});

describe('importing .cwl files into the designer', () => {
  afterEach(() => useDraftStore.getState().finish());

  it('takes one file as it is: YAML, JSON or a packed $graph, under its own name', () => {
    expect(pickImport([{ name: 'wc.cwl', text: tool }])).toEqual({ mainFile: 'wc.cwl', text: tool, files: {} });
    expect(pickImport([{ name: 'packed.cwl', text: packed }])).toEqual({ mainFile: 'packed.cwl', text: packed, files: {} });
    const json = JSON.stringify({ cwlVersion: 'v1.2', class: 'CommandLineTool', baseCommand: 'true', inputs: [], outputs: [] });
    expect(pickImport([{ name: 'C:\\work\\t.json', text: json }]).mainFile).toBe('t.json');
    expect(() => pickImport([])).toThrow();
  });

  it('makes the file no other file runs the main one, whatever the order chosen, and keeps the others', () => {
    // the workflow names tools/wc.cwl; a browser gives base names, so the tool is sent as the name the run: uses
    const picked = pickImport([
      { name: 'wc.cwl', text: tool },
      { name: 'wf.cwl', text: workflow.replace('tools/wc.cwl', 'wc.cwl') },
    ]);
    expect(picked.mainFile).toBe('wf.cwl');
    expect(picked.files).toEqual({ 'wc.cwl': tool });
  });

  it("shows the ports of a step whose run: names one of the app's own files", () => {
    const catalogue = withFiles(buildCatalogue([]), { 'tools/wc.cwl': tool });
    const types = portTypes(CwlDocument.parse(workflow), catalogue);
    expect(types.inputs('count')).toEqual([{ id: 'file', type: 'File' }]);
    expect(types.outputs('count')).toEqual([{ id: 'counts', type: 'stdout' }]);
  });

  it('keeps the main file name and the other files in the draft (it survives a reload) and sends them with a save', async () => {
    useDraftStore.getState().start('sort-and-count', workflow, 3, { mainFile: 'sort-and-count.cwl', files: { 'tools/wc.cwl': tool } });
    const stored = JSON.parse(window.localStorage.getItem('starlight-designer-draft')!) as { state: { draft: Record<string, unknown> } };
    expect(stored.state.draft).toMatchObject({ app: 'sort-and-count', mainFile: 'sort-and-count.cwl', files: { 'tools/wc.cwl': tool } });
    expect(uploadFields({ mainFile: 'a.cwl', files: {} })).toEqual({ main_file: 'a.cwl' });
    expect(uploadFields(undefined)).toEqual({});

    const detail = {
      id: 1, name: 'sort-and-count', title: 't', description: '', icon: '', class: 'Workflow', owner_kind: 'user', owner_user_name: 'u', visibility: 'private',
      latest_version: 4, labels: [], mine: true, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', versions: [4, 3],
      version: { version: 4, main_file: 'sort-and-count.cwl', class: 'Workflow', cwl: workflow, files: { 'tools/wc.cwl': tool }, inputs: [], outputs: [], resources: {}, uses: [], pinned_by_runs: 0, created_by: 'u', created_at: '2026-01-01T00:00:00Z' },
    };
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: detail }));
    expect(await appsApiSource.saveVersion('sort-and-count', workflow, { mainFile: 'sort-and-count.cwl', files: { 'tools/wc.cwl': tool } })).toBe(4);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/app/apps/sort-and-count/versions');
    expect(JSON.parse(String(init!.body))).toEqual({ cwl: workflow, main_file: 'sort-and-count.cwl', files: { 'tools/wc.cwl': tool } });
    await appsApiSource.createApp('imported', 'Imported', packed, { mainFile: 'packed.cwl', files: {} });
    expect(String(fetchMock.mock.calls[1]![0])).toMatch(/\/app\/apps$/);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ name: 'imported', title: 'Imported', cwl: packed, main_file: 'packed.cwl' });
    const loaded = await appsApiSource.loadApp('sort-and-count');
    expect(loaded).toMatchObject({ mainFile: 'sort-and-count.cwl', files: { 'tools/wc.cwl': tool } });
  });
});
