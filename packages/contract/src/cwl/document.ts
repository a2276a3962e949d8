import { Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node, YAMLMap, YAMLSeq } from 'yaml';

/**
 * Lossless editing of a CWL document (YAML or JSON). Every edit goes through the `yaml` package's
 * Document model, so whatever the author wrote and the editor does not touch — comments and their
 * order, `$namespaces`, `hints`, extension fields like `s:author` — is kept, unlike editors that
 * load CWL into their own model and re-emit it (Rabix Composer #435).
 */
export type PathItem = string | number;
export type CwlFormat = 'yaml' | 'json';
export type CwlObject = Record<string, unknown>;

export class CwlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
    this.name = 'CwlSyntaxError';
  }
}

/** `#main/step/out` or `step/out` → `out`: the last segment names the entry. */
export function shortId(id: string): string {
  const noHash = id.includes('#') ? id.slice(id.lastIndexOf('#') + 1) : id;
  return noHash.slice(noHash.lastIndexOf('/') + 1);
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

export class CwlDocument {
  /** The text as parsed, returned as is until the first edit (byte-for-byte export). */
  private original: string | undefined;

  private constructor(
    readonly doc: Document,
    readonly format: CwlFormat,
  ) {}

  /** Text → document; throws CwlSyntaxError (with its line) on YAML/JSON that does not parse. */
  static parse(text: string): CwlDocument {
    const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
    const [first] = doc.errors;
    if (first) throw new CwlSyntaxError(first.message, lineOf(text, first.pos[0]));
    if (!isMap(doc.contents)) throw new CwlSyntaxError('a CWL document is a mapping (class, inputs, outputs …)', 1);
    const parsed = new CwlDocument(doc, /^\s*\{/.test(text) ? 'json' : 'yaml');
    parsed.original = text;
    return parsed;
  }

  static fromObject(value: CwlObject, format: CwlFormat = 'yaml'): CwlDocument {
    return new CwlDocument(new Document(value), format);
  }

  /** JSON has no comments to keep, so it is re-emitted canonically; YAML keeps its layout. */
  toString(): string {
    if (this.original !== undefined) return this.original;
    if (this.format === 'json') return `${JSON.stringify(this.toJS(), null, 2)}\n`;
    return this.doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  }

  toJS(): CwlObject {
    return this.doc.toJS() as CwlObject;
  }

  clone(): CwlDocument {
    const copy = new CwlDocument(this.doc.clone(), this.format);
    copy.original = this.original;
    return copy;
  }

  /** Path of the process the editor works on: the root, or `#main` (else the first) of a `$graph`. */
  mainPath(): PathItem[] {
    const graph = this.doc.getIn(['$graph']);
    if (!isSeq(graph)) return [];
    const ids = graph.items.map((item) => (isMap(item) ? String(item.get('id') ?? '') : ''));
    const main = ids.findIndex((id) => shortId(id) === 'main');
    return ['$graph', main >= 0 ? main : 0];
  }

  get(path: PathItem[]): unknown {
    const node = this.doc.getIn(path, true) as Node | undefined;
    if (node === undefined) return undefined;
    return isScalar(node) ? node.value : (node as YAMLMap).toJSON();
  }

  has(path: PathItem[]): boolean {
    return this.doc.hasIn(path);
  }

  /** Sets a value; `undefined` deletes it. Parents missing on the way are created as mappings. */
  set(path: PathItem[], value: unknown): void {
    this.original = undefined;
    if (value === undefined) {
      this.delete(path);
      return;
    }
    const existing = this.doc.getIn(path, true);
    // Replacing a scalar by a scalar keeps the node, so its comment and quoting style survive.
    if (isScalar(existing) && (value === null || typeof value !== 'object')) {
      existing.value = value;
      return;
    }
    this.doc.setIn(path, this.doc.createNode(value));
  }

  delete(path: PathItem[]): void {
    this.original = undefined;
    if (this.doc.hasIn(path)) this.doc.deleteIn(path);
  }

  private collection(path: PathItem[]): YAMLMap | YAMLSeq | undefined {
    const node = this.doc.getIn(path, true);
    return isMap(node) || isSeq(node) ? node : undefined;
  }

  /**
   * The ids of a CWL "map or list" field (inputs, outputs, steps, in, requirements …), in written
   * order. `idKey` is `class` for requirements and hints.
   */
  ids(path: PathItem[], idKey = 'id'): string[] {
    const node = this.collection(path);
    if (!node) return [];
    if (isMap(node)) return node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
    return node.items.map((item) => {
      if (isMap(item)) return shortId(String(item.get(idKey) ?? ''));
      return isScalar(item) ? shortId(String(item.value)) : '';
    });
  }

  /** Is this map-or-list field written as a list? */
  isList(path: PathItem[]): boolean {
    return isSeq(this.doc.getIn(path, true));
  }

  /** Path of one entry of a map-or-list field, or undefined. */
  entryPath(path: PathItem[], id: string, idKey = 'id'): PathItem[] | undefined {
    const node = this.collection(path);
    if (!node) return undefined;
    const index = this.ids(path, idKey).indexOf(id);
    if (index < 0) return undefined;
    return isMap(node) ? [...path, id] : [...path, index];
  }

  /**
   * Adds or replaces one entry, in the form the field is already written in (map or list).
   * A new field is written as a map, the shorter and more common form.
   */
  setEntry(path: PathItem[], id: string, value: CwlObject, idKey = 'id'): PathItem[] {
    this.original = undefined;
    const existing = this.entryPath(path, id, idKey);
    const node = this.collection(path);
    if (node && isSeq(node)) {
      const written = { [idKey]: id, ...value };
      if (existing) {
        this.doc.setIn(existing, this.doc.createNode(written));
        return existing;
      }
      node.add(this.doc.createNode(written));
      return [...path, node.items.length - 1];
    }
    const target = existing ?? [...path, id];
    this.doc.setIn(target, this.doc.createNode(value));
    return target;
  }

  /**
   * Sets one field of an entry; `shorthand` is the field a scalar/list entry stands for (`type` for
   * inputs and outputs, `source` for step inputs), so `x: int` becomes `x: {type: int, …}` on edit.
   */
  setEntryField(path: PathItem[], id: string, field: string, value: unknown, shorthand?: string, idKey = 'id'): void {
    this.original = undefined;
    let entry = this.entryPath(path, id, idKey);
    if (!entry) {
      if (value === undefined) return;
      entry = this.setEntry(path, id, {}, idKey);
    }
    const node = this.doc.getIn(entry, true);
    if (!isMap(node)) {
      const current = node === undefined || node === null ? undefined : this.get(entry);
      const expanded: CwlObject = current === undefined || current === null || !shorthand ? {} : { [shorthand]: current };
      this.doc.setIn(entry, this.doc.createNode(expanded));
    }
    this.set([...entry, field], value);
  }

  getEntry(path: PathItem[], id: string, shorthand?: string, idKey = 'id'): CwlObject | undefined {
    const entry = this.entryPath(path, id, idKey);
    if (!entry) return undefined;
    const value = this.get(entry);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as CwlObject;
    return shorthand && value !== null && value !== undefined ? { [shorthand]: value } : {};
  }

  deleteEntry(path: PathItem[], id: string, idKey = 'id'): void {
    this.original = undefined;
    const entry = this.entryPath(path, id, idKey);
    if (entry) this.doc.deleteIn(entry);
    const node = this.collection(path);
    // An emptied optional section (requirements: []) is dropped rather than left as noise.
    if (node && node.items.length === 0 && (path.at(-1) === 'requirements' || path.at(-1) === 'hints')) this.delete(path);
  }
}
