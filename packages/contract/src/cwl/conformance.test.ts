/// <reference types="node" />
// The conformance set (conformance/*.cwl): every file is imported, edited and exported through the
// document model, and the real cwltool must accept each export with the same steps, ports and
// connections as the original. cwltool runs in two processes (the machine has two cores), each
// validating its half of the files in one Python interpreter.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CwlDocument } from './document';
import { graphSignature, workflowGraph } from './graph';
import type { CwlObject } from './document';
import { WorkflowEditor } from './workflow-edit';
import { ToolEditor } from './tool-edit';

const dir = join(import.meta.dirname, 'conformance');
const python = '/usr/bin/python3';
const hasCwltool = existsSync('/usr/bin/cwltool') && existsSync(python);
if (!hasCwltool && process.env.CI === 'true') throw new Error('the CWL conformance test needs cwltool in CI (apt-get install cwltool)');
if (!hasCwltool) console.warn('[cwl conformance] skipped: cwltool is not installed');

const files = readdirSync(dir).filter((f) => f.endsWith('.cwl')).sort();
const out = mkdtempSync(join(tmpdir(), 'cwl-conformance-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Comments as written (`# …` after a blank or at the start of a line), in order. */
const comments = (text: string) => text.split('\n').flatMap((line) => /(?:^|\s)(#.*)$/.exec(line)?.[1] ?? []);

interface Exported {
  file: string;
  signature: string[];
}

function exportOne(file: string): Exported {
  const text = readFileSync(join(dir, file), 'utf8');
  const doc = CwlDocument.parse(text);
  const main = doc.mainPath();
  const process = doc.get(main) as CwlObject;
  const signature = graphSignature(workflowGraph(process));
  // A real edit through the visual editors' own classes, so the export is re-serialised.
  if (process.class === 'Workflow') new WorkflowEditor(doc, main);
  else if (process.class === 'CommandLineTool') new ToolEditor(doc, main);
  doc.set([...main, 'label'], `${(process.label as string | undefined) ?? file} (exported)`);
  const exported = doc.toString();
  expect(exported).toContain('(exported)');
  expect(comments(exported)).toEqual(comments(text));
  expect(graphSignature(workflowGraph(CwlDocument.parse(exported).get(main) as CwlObject))).toEqual(signature);
  writeFileSync(join(out, file), exported);
  return { file, signature };
}

function validate(paths: string[]): Promise<{ file: string; valid: boolean; messages: string; signature?: string[] }[]> {
  return new Promise((resolve, reject) => {
    execFile(python, [join(dir, 'validate.py'), ...paths], { cwd: out, maxBuffer: 64 << 20, timeout: 150_000 }, (error, stdout) => {
      if (error && !stdout) reject(error);
      else resolve(stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)));
    });
  });
}

describe('CWL conformance set', () => {
  it('covers at least 40 tools and workflows', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    const classes = files.map((f) => {
      const doc = CwlDocument.parse(readFileSync(join(dir, f), 'utf8'));
      return doc.get([...doc.mainPath(), 'class']);
    });
    expect(classes.filter((c) => c === 'Workflow').length).toBeGreaterThanOrEqual(15);
    expect(classes.filter((c) => c === 'CommandLineTool').length).toBeGreaterThanOrEqual(20);
  });

  it('covers every workflow-language term and requirement kind of spec §3', () => {
    const all = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    const terms = ['id', 'label', 'doc', 'inputs', 'outputs', 'run', 'in', 'out', 'requirements', 'hints', 'scatter', 'scatterMethod', 'when', 'loop', 'linkMerge', 'pickValue', 'loadListing', 'baseCommand', 'arguments', 'stdin', 'stdout', 'stderr', 'successCodes', 'temporaryFailCodes', 'permanentFailCodes', 'inputBinding', 'position', 'prefix', 'separate', 'itemSeparator', 'shellQuote', 'outputBinding', 'glob', 'outputEval', 'outputSource', 'secondaryFiles', 'default', 'valueFrom', '$graph', '$namespaces'];
    const values = ['dotproduct', 'nested_crossproduct', 'flat_crossproduct', 'merge_nested', 'merge_flattened', 'first_non_null', 'the_only_non_null', 'all_non_null', 'no_listing', 'shallow_listing', 'deep_listing'];
    const kinds = ['InlineJavascript', 'LoadListing', 'ShellCommand', 'SubworkflowFeature', 'ScatterFeature', 'MultipleInputFeature', 'StepInputExpression', 'Docker', 'InitialWorkDir', 'EnvVar', 'Resource'].map((k) => `${k}Requirement`);
    const missing = [...terms.map((t) => new RegExp(`"?${t.replace('$', '\\$')}"?:`)), ...[...values, ...kinds].map((v) => new RegExp(`\\b${v}\\b`))].filter((re) => !re.test(all));
    expect(missing.map(String)).toEqual([]);
  });

  it.skipIf(!hasCwltool)('cwltool --validate accepts every export with the same steps, ports and connections', { timeout: 180_000 }, async () => {
    const exported = files.map(exportOne);
    const halves = [exported.filter((_, i) => i % 2 === 0), exported.filter((_, i) => i % 2 === 1)];
    const results = (await Promise.all(halves.map((h) => validate(h.map((e) => e.file))))).flat();
    expect(results.length).toBe(files.length);
    const byFile = new Map(results.map((r) => [r.file, r]));
    for (const e of exported) {
      const r = byFile.get(e.file)!;
      expect({ file: e.file, valid: r.valid, messages: r.valid ? '' : r.messages }).toEqual({ file: e.file, valid: true, messages: '' });
      expect({ file: e.file, signature: r.signature }).toEqual({ file: e.file, signature: e.signature });
    }
  });
});
