import { normaliseRunPath, parseCwlText, type CwlObject } from '@starlight/contract/cwl/parse';

/** What the designer keeps of an app besides the text in design: its main file's name and the files beside it. */
export interface AppFiles {
  mainFile: string;
  /** The other files of the app (`run:` targets), by name relative to the main file's folder. */
  files: Record<string, string>;
}

export interface ImportedApp extends AppFiles {
  /** The main file's text: what the designer edits. */
  text: string;
}

const isObject = (v: unknown): v is CwlObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function runsOf(doc: CwlObject): string[] {
  const processes = Array.isArray(doc.$graph) ? doc.$graph.filter(isObject) : [doc];
  return processes.flatMap((p) => {
    const steps = Array.isArray(p.steps) ? p.steps : isObject(p.steps) ? Object.values(p.steps) : [];
    return steps.flatMap((s) => (isObject(s) && typeof s.run === 'string' && !s.run.startsWith('#') ? [s.run.split('#')[0]!] : []));
  });
}

/**
 * `.cwl` files chosen for import (YAML or JSON, a packed `$graph` document, or a workflow with the tools its
 * `run:` names): the main file is the one no other file runs (a Workflow first), the others travel with it as
 * the app's files. Nothing is checked here beyond that: the save's own checks (and cwltool) name any problem.
 */
export function pickImport(chosen: { name: string; text: string }[]): ImportedApp {
  if (chosen.length === 0) throw new Error('no file chosen');
  const byName = new Map(chosen.map((f) => [f.name.split(/[\\/]/).pop()!, f.text]));
  const parsed = new Map<string, CwlObject | null>();
  for (const [name, text] of byName) {
    try {
      parsed.set(name, parseCwlText(text, name));
    } catch {
      parsed.set(name, null);
    }
  }
  const referenced = new Set<string>();
  for (const [name, doc] of parsed) for (const run of doc ? runsOf(doc) : []) {
    const target = normaliseRunPath(name, run);
    if (target) referenced.add(target);
  }
  const names = [...byName.keys()];
  const top = names.filter((n) => !referenced.has(n));
  const classOf = (n: string) => {
    const doc = parsed.get(n);
    const main = doc && Array.isArray(doc.$graph) ? doc.$graph.find((p) => isObject(p) && String(p.id).replace(/^#/, '') === 'main') : doc;
    return isObject(main) ? main.class : undefined;
  };
  const mainFile = top.find((n) => classOf(n) === 'Workflow') ?? top[0] ?? names[0]!;
  return { mainFile, text: byName.get(mainFile)!, files: Object.fromEntries(names.filter((n) => n !== mainFile).map((n) => [n, byName.get(n)!])) };
}

/** The save's upload fields: the app's own main file name (never renamed) and its other files. */
export function uploadFields(app: Partial<AppFiles> | null | undefined): { main_file?: string; files?: Record<string, string> } {
  return {
    ...(app?.mainFile ? { main_file: app.mainFile } : {}),
    ...(app?.files && Object.keys(app.files).length ? { files: app.files } : {}),
  };
}
