import { CwlDocument, CwlSyntaxError } from '@starlight/contract/cwl/document';
import type { CwlObject } from '@starlight/contract/cwl/document';
import { entries } from '@starlight/contract/cwl/graph';
import { ToolEditor } from '@starlight/contract/cwl/tool-edit';
import { WorkflowEditor } from '@starlight/contract/cwl/workflow-edit';
import type { CatalogueApp } from './api/designer-source';

/** Parsed state of the draft text: the document, or why it does not parse (the text panel shows it). */
export type Parsed = { ok: true; doc: CwlDocument; process: CwlObject } | { ok: false; error: string; line?: number };

export function parseDraft(text: string): Parsed {
  try {
    const doc = CwlDocument.parse(text);
    return { ok: true, doc, process: (doc.get(doc.mainPath()) ?? {}) as CwlObject };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e), line: e instanceof CwlSyntaxError ? e.line : undefined };
  }
}

/** Catalogue apps by the `run:` they are referenced by (`<name>.cwl`, as the apps module resolves it). */
export type Catalogue = Map<string, { app: CatalogueApp; process: CwlObject }>;

export function buildCatalogue(apps: CatalogueApp[]): Catalogue {
  const map: Catalogue = new Map();
  for (const app of apps) {
    const parsed = parseDraft(app.cwl);
    if (parsed.ok) map.set(`${app.name}.cwl`, { app, process: parsed.process });
  }
  return map;
}

/** The catalogue plus the app's own other files, so a step whose `run:` names one of them shows its ports. */
export function withFiles(catalogue: Catalogue, files: Record<string, string> | undefined): Catalogue {
  if (!files || Object.keys(files).length === 0) return catalogue;
  const map: Catalogue = new Map(catalogue);
  for (const [name, cwl] of Object.entries(files)) {
    const parsed = parseDraft(cwl);
    if (parsed.ok) map.set(name, { app: { name, title: name, class: String(parsed.process.class ?? ''), cwl }, process: parsed.process });
  }
  return map;
}

/** The process a step runs: inline, `#id` in the same $graph, or a catalogue app. */
export function runProcess(run: unknown, catalogue: Catalogue, root?: CwlObject): CwlObject | undefined {
  if (run && typeof run === 'object') return run as CwlObject;
  if (typeof run !== 'string') return undefined;
  if (run.startsWith('#') && Array.isArray(root?.$graph)) return (root.$graph as CwlObject[]).find((p) => String(p.id ?? '').replace(/^#/, '') === run.slice(1));
  return catalogue.get(run)?.process;
}

export function portTypes(doc: CwlDocument, catalogue: Catalogue) {
  const root = doc.toJS();
  const process = (doc.get(doc.mainPath()) ?? {}) as CwlObject;
  const run = (step: string) => runProcess(entries(process.steps).find((s) => s.id === step)?.run, catalogue, root);
  return { inputs: (step: string) => entries(run(step)?.inputs), outputs: (step: string) => entries(run(step)?.outputs) };
}

/** One visual edit: parse the current text, apply, and answer the new text (nothing else moves). */
export function editWorkflow(text: string, catalogue: Catalogue, edit: (w: WorkflowEditor, doc: CwlDocument) => void): string {
  const doc = CwlDocument.parse(text);
  const isWorkflowRun = (r: unknown) => runProcess(r, catalogue)?.class === 'Workflow';
  edit(new WorkflowEditor(doc, doc.mainPath(), isWorkflowRun), doc);
  return doc.toString();
}

export function editTool(text: string, edit: (t: ToolEditor) => void): string {
  const doc = CwlDocument.parse(text);
  edit(new ToolEditor(doc));
  return doc.toString();
}
