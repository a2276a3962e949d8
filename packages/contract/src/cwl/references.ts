import { CwlParseError, normaliseRunPath, parseYamlValue, type CwlIssue, type CwlObject } from './parse';

/**
 * Every reference an upload makes to a file, checked before any engine or parser reads one (issue 19): `run`,
 * `$include`, `$import`, `$mixin`, `$schemas`, the `location`/`path` of File and Directory objects (defaults,
 * InitialWorkDirRequirement listings, job orders, secondaryFiles), wherever they sit in any file of the upload.
 * Each must resolve, relative to the file holding it, to a file (or, for a Directory, a folder) of the same
 * upload: absolute paths, URLs of any scheme (`file:`, `http:`, a `$namespaces` prefix …), `..` climbing out,
 * percent-encoded climbs and names not in the upload are issues naming the field and the reference.
 *
 * Not file references, and left alone: `#id` fragments, `$(...)` / `${...}` expressions, `_:` blank-node
 * locations (File/Directory literals), and `$namespaces` values — prefix IRIs (`edam: http://edamontology.org/`)
 * that schema-salad only uses to expand names and never fetches. A prefixed name used where a file is read
 * (`run: edam:x`) has a scheme and is refused like any URL, so a namespace cannot redirect a read.
 * Two things would move the base every relative reference resolves against: `$base` (refused), and an identifier
 * that is an absolute URI — an `id`, a SchemaDef `name`, or a map key that becomes one. Such identifiers are valid
 * CWL (`dct:creator: {id: "http://orcid.org/…"}` in metadata) and are accepted, but any file reference below one
 * is refused, since schema-salad would resolve it against that URI (`id: file:///etc/` + `run: shadow`).
 */

const isObject = (v: unknown): v is CwlObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const schemeLike = /^[a-z][a-z0-9+.-]*:/i;
/** `class: File`, also written as an IRI (`https://w3id.org/cwl/cwl#File`) or a prefixed name (`cwl:File`). */
const fileLikeClass = /(^|[#:/])(File|Directory)$/;

type Kind = 'run' | '$include' | '$import' | '$mixin' | '$schemas' | 'location' | 'path';
/** References whose target schema-salad loads as a YAML/JSON document (and whose own references then count). */
const documentKinds: ReadonlySet<Kind> = new Set(['run', '$import', '$mixin']);

type Resolved = { file: string } | { directory: string } | { app: string } | { inert: true } | { refused: string };

function resolve(files: Record<string, string>, from: string, kind: Kind, ref: string, isApp: (name: string) => boolean): Resolved {
  if (ref === '') return { refused: 'is empty' };
  if (ref.startsWith('#')) return kind === '$schemas' ? { refused: 'is not a file' } : { inert: true };
  if ((kind === 'location' || kind === 'path') && (ref.startsWith('$(') || ref.startsWith('${') || ref.startsWith('_:'))) return { inert: true };
  if (schemeLike.test(ref)) return { refused: 'is a URL (or a prefixed name): only files of this upload may be referenced' };
  if (ref.startsWith('/') || ref.startsWith('~')) return { refused: 'is an absolute path: only files of this upload may be referenced, by a relative name' };
  const bare = ref.split('#')[0]!;
  if (bare.includes('?')) return { refused: 'carries a query (?): only plain relative file names are accepted' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare); // the engine's file fetcher unquotes %2e%2e/ into ../
  } catch {
    return { refused: 'is not a valid relative name (bad % escape)' };
  }
  const target = normaliseRunPath(from, decoded);
  if (target === null) return { refused: 'climbs out of the upload (or is not a relative file name)' };
  if (files[target] !== undefined) return { file: target };
  if ((kind === 'location' || kind === 'path') && Object.keys(files).some((name) => name.startsWith(`${target}/`))) return { directory: target };
  const app = kind === 'run' ? /^([a-z][a-z0-9-]{0,29}[a-z0-9])\.cwl$/.exec(target)?.[1] : undefined;
  if (app && isApp(app)) return { app };
  return { refused: `is not a file of this upload (${target})` };
}

/** A step list or `$graph` entry is named by its id, as `resolveRuns` names it (`steps.count.run`). */
function segmentOf(parentKey: string | undefined, item: unknown, index: number): string {
  if ((parentKey === 'steps' || parentKey === '$graph') && isObject(item) && typeof item.id === 'string' && item.id !== '') return item.id.replace(/^#/, '');
  return String(index);
}

/** An identifier (`id`, a SchemaDef `name`, or a map key that becomes one) that is an absolute URI or path. */
const absoluteName = (v: unknown): v is string => typeof v === 'string' && (schemeLike.test(v) || v.startsWith('/'));

/** The issues of every reference in one parsed file; `loaded` receives the files read as documents. */
function walkFile(files: Record<string, string>, file: string, doc: unknown, isApp: (name: string) => boolean, loaded: (target: string, where: string) => void): CwlIssue[] {
  const issues: CwlIssue[] = [];
  /** `movedBy`: an absolute identifier above this point, which schema-salad resolves every reference below against. */
  const check = (kind: Kind, value: unknown, at: string[], movedBy: string | undefined) => {
    const where = at.join('.');
    if (typeof value !== 'string') {
      if (kind !== 'run' && kind !== 'location' && kind !== 'path') issues.push({ path: `${file}:${where}`, message: `${kind} must name a file of this upload` });
      return;
    }
    const resolved = resolve(files, file, kind, value, isApp);
    if (movedBy !== undefined && !('inert' in resolved && !value.startsWith('#')))
      issues.push({ path: `${file}:${where}`, message: `${kind}: ${value} would resolve against ${movedBy}, an absolute URI: name that object with a plain name or #fragment` });
    else if ('refused' in resolved) issues.push({ path: `${file}:${where}`, message: `${kind}: ${value} ${resolved.refused}` });
    else if ('file' in resolved && documentKinds.has(kind)) loaded(resolved.file, `${file}:${where}`);
  };
  const walk = (node: unknown, at: string[], movedBy: string | undefined, parentKey?: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...at, segmentOf(parentKey, item, i)], movedBy));
      return;
    }
    if (!isObject(node)) return;
    const fileObject = typeof node.class === 'string' && fileLikeClass.test(node.class);
    const identifier = [node.id, node.name].find(absoluteName);
    const moved = movedBy ?? identifier;
    for (const [key, value] of Object.entries(node)) {
      const here = [...at, key];
      if (key === '$include' || key === '$import' || key === '$mixin' || (key === 'run' && typeof value === 'string')) check(key, value, here, moved);
      else if (key === '$schemas') (Array.isArray(value) ? value : [value]).forEach((v, i) => check('$schemas', v, Array.isArray(value) ? [...here, String(i)] : here, moved));
      else if ((key === 'location' || key === 'path') && fileObject) check(key, value, here, moved);
      else if (key === '$base') issues.push({ path: `${file}:${here.join('.')}`, message: '$base is not accepted: references resolve against the file holding them' });
      if (key !== '$namespaces') walk(value, here, moved ?? (absoluteName(key) ? key : undefined), key);
    }
  };
  walk(doc, [], undefined);
  return issues;
}

/**
 * The issues of every file reference in an upload (`file:dotted.path` with the reference in the message), each
 * file walked once. A file another one loads as a document (`run`, `$import`, `$mixin`) must itself parse; other
 * files that are not YAML/JSON (scripts for `$include`, ontologies for `$schemas`, data) are not walked, since no
 * engine reads references out of them.
 */
export function referenceIssues(files: Record<string, string>, mainFile: string, isApp: (name: string) => boolean = () => false): CwlIssue[] {
  const issues: CwlIssue[] = [];
  const documents = new Map<string, string>(); // file → the field that loads it as a document
  const parsed = new Map<string, unknown>();
  // `a.cwl` and `a.cwl/b` cannot both be written out (the engine's copy, the run folder)
  const names = Object.keys(files);
  for (const name of names) {
    const inside = names.find((other) => other.startsWith(`${name}/`));
    if (inside) issues.push({ path: name, message: `${name} is a file and also the folder of ${inside}` });
  }
  for (const [file, text] of Object.entries(files)) {
    try {
      parsed.set(file, parseYamlValue(text, file));
    } catch (error) {
      if (!(error instanceof CwlParseError)) throw error;
    }
  }
  for (const [file, doc] of parsed) issues.push(...walkFile(files, file, doc, isApp, (target, where) => documents.set(target, where)));
  for (const [target, where] of documents)
    if (!parsed.has(target) && target !== mainFile) issues.push({ path: where, message: `${target} is loaded as a document but is not YAML or JSON that parses here` });
  return issues;
}
