import { CwlParseError, mainProcess, type CwlIssue, type CwlObject } from './parse';

/**
 * CWL input/output types, normalised into one small tree the launch form and the job-order check walk:
 * `string?` → union with null, `File[]` → array, `{type: enum, symbols}` with their URIs cut to names,
 * records with their fields. Works on a parsed process (`parse.ts`); names are taken without `#main/`.
 */
export type CwlType =
  | { kind: 'null' | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'string' | 'File' | 'Directory' | 'Any' }
  | { kind: 'enum'; symbols: string[] }
  | { kind: 'array'; items: CwlType }
  | { kind: 'record'; fields: CwlField[] }
  | { kind: 'union'; types: CwlType[] };

export interface CwlField {
  name: string;
  type: CwlType;
}

export interface CwlPort {
  id: string;
  type: CwlType;
  /** The type accepts null (`?`, `null` in a union): the input may be left out. */
  optional: boolean;
  default?: unknown;
  label?: string;
  doc?: string;
  format?: string;
  /** Patterns of files that travel with a File (`.bai`, `^.fai`), as written. */
  secondaryFiles?: string[];
}

const primitives = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'string', 'File', 'Directory', 'Any']);
const isObject = (v: unknown): v is CwlObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `#main/step/x` or `file.cwl#x` → `x`. */
export const shortName = (id: string): string => id.replace(/^.*[#/]/, '');

/**
 * The one CWL type normaliser (the launch form, the job-order check and the designer's link check all use it).
 * Strict by default: an unknown type is an issue at `path`. `lenient` (the designer, while a document is being
 * written): an unknown name (a SchemaDef reference) or shape is `Any`, left to `cwltool --validate` at save.
 */
export function normaliseType(raw: unknown, path: string, lenient = false): CwlType {
  const unknown = (message: string): CwlType => {
    if (lenient) return { kind: 'Any' };
    throw new CwlParseError([{ path, message }]);
  };
  if (typeof raw === 'string') {
    if (raw.endsWith('?')) return union([normaliseType(raw.slice(0, -1), path, lenient), { kind: 'null' }]);
    if (raw.endsWith('[]')) return { kind: 'array', items: normaliseType(raw.slice(0, -2), path, lenient) };
    const name = raw.replace(/^(cwl|sld|xsd):/, '').replace(/^https?:\/\/w3id\.org\/cwl\/cwl#/, '');
    if (primitives.has(name)) return { kind: name } as CwlType;
    // output shorthands: the captured stream is a File
    if (name === 'stdout' || name === 'stderr') return { kind: 'File' };
    return unknown(`unknown type ${raw}`);
  }
  if (Array.isArray(raw)) return union(raw.map((t, i) => normaliseType(t, `${path}.${i}`, lenient)));
  if (isObject(raw)) {
    if (raw.type === 'array') return { kind: 'array', items: normaliseType(raw.items, `${path}.items`, lenient) };
    if (raw.type === 'enum') {
      if (!Array.isArray(raw.symbols) || raw.symbols.some((s) => typeof s !== 'string')) {
        if (lenient) return { kind: 'enum', symbols: [] };
        throw new CwlParseError([{ path: `${path}.symbols`, message: 'an enum lists its symbols as strings' }]);
      }
      return { kind: 'enum', symbols: (raw.symbols as string[]).map(shortName) };
    }
    if (raw.type === 'record') {
      let written: [string, CwlObject][];
      try {
        written = listOrMap(raw.fields, `${path}.fields`, 'name');
      } catch (error) {
        if (lenient) return { kind: 'record', fields: [] };
        throw error;
      }
      return { kind: 'record', fields: written.map(([name, field]) => ({ name, type: normaliseType(field.type, `${path}.fields.${name}.type`, lenient) })) };
    }
    // a port written whole (`{type: File, …}`) where a type was expected
    if (lenient && 'type' in raw) return normaliseType(raw.type, path, lenient);
  }
  return unknown('a type is a name, a list (union) or {type: array|enum|record}');
}

function union(types: CwlType[]): CwlType {
  const flat = types.flatMap((t) => (t.kind === 'union' ? t.types : [t]));
  return flat.length === 1 ? flat[0]! : { kind: 'union', types: flat };
}

export const acceptsNull = (type: CwlType): boolean =>
  type.kind === 'null' || type.kind === 'Any' || (type.kind === 'union' && type.types.some(acceptsNull));

/** CWL allows ports as a list of `{id, …}` or a map `id: type | {type, …}`. */
function listOrMap(raw: unknown, path: string, key: 'id' | 'name'): [string, CwlObject][] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw))
    return raw.map((item, i) => {
      if (!isObject(item) || typeof item[key] !== 'string') throw new CwlParseError([{ path: `${path}.${i}`, message: `each entry needs a ${key}` }]);
      return [shortName(item[key]), item];
    });
  if (isObject(raw)) return Object.entries(raw).map(([name, value]) => [name, isObject(value) && 'type' in value ? value : { type: value }]);
  throw new CwlParseError([{ path, message: 'a list or a map' }]);
}

function secondaryFilesOf(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((s) => (typeof s === 'string' ? s : isObject(s) && typeof s.pattern === 'string' ? s.pattern : JSON.stringify(s)));
}

function portsOf(process: CwlObject, which: 'inputs' | 'outputs'): CwlPort[] {
  const issues: CwlIssue[] = [];
  const ports: CwlPort[] = [];
  for (const [id, port] of listOrMap(process[which], which, 'id')) {
    try {
      const type = normaliseType(port.type, `${which}.${id}.type`);
      ports.push({
        id,
        type,
        optional: acceptsNull(type) || port.default !== undefined,
        ...(port.default !== undefined ? { default: port.default } : {}),
        ...(typeof port.label === 'string' ? { label: port.label } : {}),
        ...(typeof port.doc === 'string' ? { doc: port.doc } : Array.isArray(port.doc) ? { doc: port.doc.join('\n') } : {}),
        ...(typeof port.format === 'string' ? { format: port.format } : {}),
        ...(port.secondaryFiles !== undefined ? { secondaryFiles: secondaryFilesOf(port.secondaryFiles)! } : {}),
      });
    } catch (error) {
      if (error instanceof CwlParseError) issues.push(...error.issues);
      else throw error;
    }
  }
  if (issues.length) throw new CwlParseError(issues);
  return ports;
}

/** The main process's inputs and outputs (a packed document's `#main`). */
export function processPorts(doc: CwlObject): { inputs: CwlPort[]; outputs: CwlPort[] } {
  const process = mainProcess(doc);
  return { inputs: portsOf(process, 'inputs'), outputs: portsOf(process, 'outputs') };
}

/** `ResourceRequirement` of the main process (requirements before hints), numbers only (expressions left to the engine). */
export function resourceHints(doc: CwlObject): { cores?: number; ram_mb?: number } {
  const process = mainProcess(doc);
  const found: { cores?: number; ram_mb?: number } = {};
  for (const list of [process.hints, process.requirements]) {
    const entries = Array.isArray(list) ? list : isObject(list) ? Object.entries(list).map(([cls, v]) => ({ class: cls, ...(isObject(v) ? v : {}) })) : [];
    for (const r of entries) {
      if (!isObject(r) || r.class !== 'ResourceRequirement') continue;
      const cores = r.coresMin ?? r.coresMax;
      const ram = r.ramMin ?? r.ramMax;
      if (typeof cores === 'number') found.cores = Math.ceil(cores);
      if (typeof ram === 'number') found.ram_mb = Math.ceil(ram);
    }
  }
  return found;
}
