import { parse as parseYaml, YAMLParseError } from 'yaml';

/**
 * CWL text (YAML or JSON) → plain objects, and the `run:` references of an upload. Shared by the browser
 * (import preview) and the server (save); `$(...)` expressions are data here and are never evaluated —
 * only the engine does that.
 */

export interface CwlIssue {
  /** Dotted path inside the document (`steps.count.run`), or `text` for a parse error. */
  path: string;
  message: string;
}

export class CwlParseError extends Error {
  constructor(readonly issues: CwlIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }
}

export type CwlObject = Record<string, unknown>;

const isObject = (v: unknown): v is CwlObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** YAML 1.2 is a superset of JSON, so one parser reads both; duplicate keys are refused as cwltool does. Any value (a list, a scalar). */
export function parseYamlValue(text: string, file = 'main'): unknown {
  try {
    return parseYaml(text, { uniqueKeys: true, prettyErrors: true, maxAliasCount: 100 });
  } catch (error) {
    const message = error instanceof YAMLParseError ? error.message.split('\n')[0]! : String(error);
    throw new CwlParseError([{ path: `${file}:text`, message }]);
  }
}

/** A CWL document: YAML or JSON whose top is a mapping. */
export function parseCwlText(text: string, file = 'main'): CwlObject {
  const value = parseYamlValue(text, file);
  if (!isObject(value)) throw new CwlParseError([{ path: `${file}:text`, message: 'a CWL document is a mapping (YAML) or an object (JSON)' }]);
  return value;
}

export const cwlClasses = ['CommandLineTool', 'Workflow', 'ExpressionTool', 'Operation'] as const;
export type CwlClass = (typeof cwlClasses)[number];

/** The process a document runs: itself, or the `#main` entry of a packed `$graph`. */
export function mainProcess(doc: CwlObject, file = 'main'): CwlObject {
  const graph = doc.$graph;
  if (graph === undefined) return doc;
  if (!Array.isArray(graph)) throw new CwlParseError([{ path: `${file}:$graph`, message: '$graph is a list of processes' }]);
  const main = graph.find((p) => isObject(p) && (p.id === 'main' || p.id === '#main'));
  if (!isObject(main)) throw new CwlParseError([{ path: `${file}:$graph`, message: 'a packed document needs a process with id "#main"' }]);
  return main;
}

export function processClass(doc: CwlObject, file = 'main'): CwlClass {
  const cls = mainProcess(doc, file).class;
  if (typeof cls !== 'string' || !(cwlClasses as readonly string[]).includes(cls))
    throw new CwlParseError([{ path: `${file}:class`, message: `class must be one of ${cwlClasses.join(', ')}` }]);
  return cls as CwlClass;
}

/** A `run:` that names a file: relative, no scheme, no `..` that climbs out of the upload. */
export function normaliseRunPath(from: string, ref: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/') || ref.includes('\\') || ref.includes('\0')) return null;
  const base = from.split('/').slice(0, -1);
  for (const part of ref.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (base.length === 0) return null;
      base.pop();
    } else base.push(part);
  }
  return base.length ? base.join('/') : null;
}

export interface RunReference {
  /** The file holding the step. */
  file: string;
  /** Where the reference is (`steps.count.run`). */
  path: string;
  /** The file of the upload it resolves to, or the app name (`app`) it names. */
  target: { kind: 'file'; file: string } | { kind: 'graph'; id: string } | { kind: 'app'; name: string };
}

function stepsOf(process: CwlObject): [string, CwlObject][] {
  const steps = process.steps;
  if (Array.isArray(steps)) return steps.filter(isObject).map((s, i) => [typeof s.id === 'string' ? s.id.replace(/^#/, '') : String(i), s]);
  if (isObject(steps)) return Object.entries(steps).filter((e): e is [string, CwlObject] => isObject(e[1]));
  return [];
}

/**
 * Every `run:` string of an upload (main file + the other files sent with it), resolved: `#id` into the
 * document's `$graph`, a relative path to another file of the upload, or `<app-name>.cwl` (with no such file)
 * to an app of the catalogue (`isApp`). Anything else — a URL, an absolute path, a path climbing out of the
 * upload — is an issue naming the step, and so is a cycle of files running each other.
 */
export function resolveRuns(files: Record<string, string>, mainFile: string, isApp: (name: string) => boolean = () => false): { references: RunReference[]; issues: CwlIssue[] } {
  const references: RunReference[] = [];
  const issues: CwlIssue[] = [];
  const parsed = new Map<string, CwlObject>();
  const edges = new Map<string, string[]>();
  const visit = (file: string) => {
    if (parsed.has(file)) return;
    let doc: CwlObject;
    try {
      doc = parseCwlText(files[file]!, file);
    } catch (error) {
      if (error instanceof CwlParseError) issues.push(...error.issues);
      return;
    }
    parsed.set(file, doc);
    const processes: [string, CwlObject][] = Array.isArray(doc.$graph)
      ? doc.$graph.filter(isObject).map((p) => [`$graph.${String(p.id ?? '').replace(/^#/, '')}.`, p])
      : [['', doc]];
    const graphIds = new Set(processes.map(([, p]) => String(p.id ?? '').replace(/^#/, '')));
    for (const [prefix, process] of processes) {
      for (const [stepId, step] of stepsOf(process)) {
        const path = `${prefix}steps.${stepId}.run`;
        const run = step.run;
        if (typeof run !== 'string') continue; // inline process
        if (run.startsWith('#')) {
          if (graphIds.has(run.slice(1))) references.push({ file, path, target: { kind: 'graph', id: run.slice(1) } });
          else issues.push({ path: `${file}:${path}`, message: `no process ${run} in this document's $graph` });
          continue;
        }
        const target = normaliseRunPath(file, run);
        if (target === null) {
          issues.push({ path: `${file}:${path}`, message: `run: ${run} points outside the upload (only files sent with it or catalogue apps)` });
        } else if (files[target] !== undefined) {
          references.push({ file, path, target: { kind: 'file', file: target } });
          edges.set(file, [...(edges.get(file) ?? []), target]);
          visit(target);
        } else {
          const app = /^([a-z][a-z0-9-]{0,29}[a-z0-9])\.cwl$/.exec(target)?.[1];
          if (app && isApp(app)) references.push({ file, path, target: { kind: 'app', name: app } });
          else issues.push({ path: `${file}:${path}`, message: `run: ${run} is neither a file of this upload nor an app of the catalogue` });
        }
      }
    }
  };
  if (files[mainFile] === undefined) issues.push({ path: 'main_file', message: `${mainFile} is not among the uploaded files` });
  else visit(mainFile);
  const cycle = findCycle(edges, mainFile);
  if (cycle) issues.push({ path: `${cycle[0]}:steps`, message: `a cycle of run: references: ${cycle.join(' → ')}` });
  return { references, issues };
}

function findCycle(edges: Map<string, string[]>, start: string): string[] | null {
  const onPath: string[] = [];
  const done = new Set<string>();
  const walk = (node: string): string[] | null => {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return null;
    onPath.push(node);
    for (const next of edges.get(node) ?? []) {
      const found = walk(next);
      if (found) return found;
    }
    onPath.pop();
    done.add(node);
    return null;
  };
  return walk(start);
}
