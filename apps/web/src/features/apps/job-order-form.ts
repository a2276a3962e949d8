import type { CwlPort, CwlType } from '@starlight/contract/cwl/inputs';

/**
 * Launch form values ↔ a CWL job order. Each input is one form field `in.<id>`: scalars as themselves,
 * File/Directory as a path in the user's storage, arrays of those as one path per line, anything else
 * (records, unions of several kinds) as JSON text.
 */
export type FieldKind = 'string' | 'int' | 'float' | 'boolean' | 'enum' | 'File' | 'Directory' | 'File[]' | 'Directory[]' | 'list' | 'json';

/** The type without its `null` member (optional inputs). */
export function nonNull(type: CwlType): CwlType {
  if (type.kind !== 'union') return type;
  const rest = type.types.filter((t) => t.kind !== 'null');
  return rest.length === 1 ? rest[0]! : { kind: 'union', types: rest };
}

export function fieldKind(port: CwlPort): FieldKind {
  const type = nonNull(port.type as CwlType);
  switch (type.kind) {
    case 'string':
      return 'string';
    case 'int':
    case 'long':
      return 'int';
    case 'float':
    case 'double':
      return 'float';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'enum';
    case 'File':
    case 'Directory':
      return type.kind;
    case 'array':
      if (type.items.kind === 'File' || type.items.kind === 'Directory') return `${type.items.kind}[]`;
      if (['string', 'int', 'long', 'float', 'double'].includes(type.items.kind)) return 'list';
      return 'json';
    default:
      return 'json';
  }
}

const fileValue = (kind: 'File' | 'Directory', path: string) => ({ class: kind, path });

/** Form value → job order value; undefined leaves the input out (defaults apply). Throws on bad JSON. */
export function toJobValue(port: CwlPort, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const kind = fieldKind(port);
  const type = nonNull(port.type as CwlType);
  switch (kind) {
    case 'File':
    case 'Directory':
      return fileValue(kind, String(value).trim());
    case 'File[]':
    case 'Directory[]':
      return String(value)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .map((p) => fileValue(kind === 'File[]' ? 'File' : 'Directory', p));
    case 'list': {
      const items = type.kind === 'array' ? type.items.kind : 'string';
      const list = Array.isArray(value) ? (value as string[]) : [];
      return items === 'string' ? list : list.map(Number);
    }
    case 'json':
      return JSON.parse(String(value)) as unknown;
    default:
      return value;
  }
}

/** Form default from the CWL default. */
export function initialValue(port: CwlPort): unknown {
  const d = port.default;
  if (d === undefined) return undefined;
  const kind = fieldKind(port);
  if (kind === 'json') return JSON.stringify(d);
  if (kind === 'File' || kind === 'Directory') return (d as { path?: string; location?: string }).path ?? (d as { location?: string }).location;
  if (kind === 'list') return (d as unknown[]).map(String);
  return d;
}

export const fieldName = (id: string) => ['in', id];
