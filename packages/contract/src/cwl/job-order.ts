import type { CwlIssue } from './parse';
import type { CwlPort, CwlType } from './inputs';

/**
 * A job order (the inputs of one run) checked against the process's input types before anything is
 * written or submitted. Every File/Directory is returned with its field so the server can resolve it
 * inside the caller's storage (a path relative to the home, or absolute inside it); nothing here evaluates
 * `$(...)`.
 */

export interface FileReference {
  /** `job_order.reads.0` */
  field: string;
  kind: 'File' | 'Directory';
  /** As given (`path` or `location`, a `file://` prefix removed). */
  path: string;
}

export interface JobOrderCheck {
  issues: CwlIssue[];
  files: FileReference[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const int32 = 2 ** 31;

const describe = (type: CwlType): string => {
  switch (type.kind) {
    case 'array':
      return `${describe(type.items)}[]`;
    case 'enum':
      return `one of ${type.symbols.join(', ')}`;
    case 'record':
      return 'a record';
    case 'union':
      return type.types.map(describe).join(' or ');
    default:
      return type.kind;
  }
};

/** The issues of `value` against `type` (none: it fits); `files` collects the File/Directory it holds. */
function check(type: CwlType, value: unknown, field: string, files: FileReference[]): CwlIssue[] {
  const wrong = (): CwlIssue[] => [{ path: field, message: `expected ${describe(type)}` }];
  switch (type.kind) {
    case 'Any':
      return value === null || value === undefined ? wrong() : [];
    case 'null':
      return value === null || value === undefined ? [] : wrong();
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong();
    case 'int':
      return Number.isInteger(value) && Math.abs(value as number) < int32 ? [] : wrong();
    case 'long':
      return Number.isSafeInteger(value) ? [] : wrong();
    case 'float':
    case 'double':
      return typeof value === 'number' && Number.isFinite(value) ? [] : wrong();
    case 'string':
      return typeof value === 'string' ? [] : wrong();
    case 'enum':
      return typeof value === 'string' && type.symbols.includes(value) ? [] : wrong();
    case 'File':
    case 'Directory':
      return fileIssues(type.kind, value, field, files);
    case 'array':
      if (!Array.isArray(value)) return wrong();
      return value.flatMap((item, i) => check(type.items, item, `${field}.${i}`, files));
    case 'record': {
      if (!isObject(value)) return wrong();
      const known = new Set(type.fields.map((f) => f.name));
      const extra = Object.keys(value).filter((k) => !known.has(k));
      return [
        ...extra.map((k) => ({ path: `${field}.${k}`, message: 'not a field of this record' })),
        ...type.fields.flatMap((f) => check(f.type, value[f.name], `${field}.${f.name}`, files)),
      ];
    }
    case 'union': {
      // the first member that fits decides which files are collected
      for (const member of type.types) {
        const found: FileReference[] = [];
        if (check(member, value, field, found).length === 0) {
          files.push(...found);
          return [];
        }
      }
      return wrong();
    }
  }
}

function fileIssues(kind: 'File' | 'Directory', value: unknown, field: string, files: FileReference[]): CwlIssue[] {
  if (!isObject(value) || value.class !== kind) return [{ path: field, message: `expected {class: ${kind}, path}` }];
  const where = value.path ?? value.location;
  if (kind === 'File' && where === undefined && typeof value.contents === 'string') {
    return value.contents.length <= 65_536 ? [] : [{ path: `${field}.contents`, message: 'at most 64 KiB of literal contents' }];
  }
  if (typeof where !== 'string' || where === '') return [{ path: `${field}.path`, message: `a ${kind} needs a path in your storage` }];
  const path = where.replace(/^file:\/\//, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return [{ path: `${field}.path`, message: 'only paths in your storage (no URLs)' }];
  files.push({ field: `${field}.path`, kind, path });
  const issues: CwlIssue[] = [];
  if (kind === 'File' && value.secondaryFiles !== undefined) {
    if (!Array.isArray(value.secondaryFiles)) issues.push({ path: `${field}.secondaryFiles`, message: 'a list of File or Directory' });
    else
      value.secondaryFiles.forEach((s, i) => {
        const sub = isObject(s) && s.class === 'Directory' ? 'Directory' : 'File';
        issues.push(...fileIssues(sub, s, `${field}.secondaryFiles.${i}`, files));
      });
  }
  return issues;
}

/** Checks a whole job order: unknown inputs, missing required ones (no default, not optional), each value's type. */
export function checkJobOrder(inputs: readonly CwlPort[], order: Record<string, unknown>, prefix = 'job_order'): JobOrderCheck {
  const files: FileReference[] = [];
  const issues: CwlIssue[] = [];
  const known = new Set(inputs.map((i) => i.id));
  for (const key of Object.keys(order)) if (!known.has(key)) issues.push({ path: `${prefix}.${key}`, message: 'not an input of this app' });
  for (const input of inputs) {
    const value = order[input.id];
    if (value === undefined || value === null) {
      if (!input.optional) issues.push({ path: `${prefix}.${input.id}`, message: 'required' });
      continue;
    }
    issues.push(...check(input.type, value, `${prefix}.${input.id}`, files));
  }
  return { issues, files };
}
