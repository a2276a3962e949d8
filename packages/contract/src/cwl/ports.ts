/**
 * Port type compatibility for the designer (CWL v1.2 §"WorkflowStepInput", cwltool's static
 * checker): which output may feed which input, and what the link then needs (scatter, linkMerge).
 * Types are normalised here to a small tree; `T?` and `T[]` shorthands are expanded.
 */
export type CwlType =
  | { kind: 'null' }
  | { kind: 'any' }
  | { kind: 'primitive'; name: string }
  | { kind: 'array'; items: CwlType }
  | { kind: 'enum'; symbols: string[] }
  | { kind: 'record'; fields: Record<string, CwlType> }
  | { kind: 'union'; of: CwlType[] };


/** Normalises a written CWL type (string, shorthand, object or union list). */
export function normaliseType(raw: unknown): CwlType {
  if (Array.isArray(raw)) {
    const of = raw.map(normaliseType);
    return of.length === 1 ? of[0]! : { kind: 'union', of };
  }
  if (typeof raw === 'string') {
    if (raw.endsWith('?')) return { kind: 'union', of: [{ kind: 'null' }, normaliseType(raw.slice(0, -1))] };
    if (raw.endsWith('[]')) return { kind: 'array', items: normaliseType(raw.slice(0, -2)) };
    if (raw === 'null') return { kind: 'null' };
    if (raw === 'Any') return { kind: 'any' };
    // stdout/stderr outputs are Files; an unknown name (a SchemaDef reference) is kept by name.
    return { kind: 'primitive', name: raw === 'stdout' || raw === 'stderr' ? 'File' : raw };
  }
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    if (o.type === 'array') return { kind: 'array', items: normaliseType(o.items) };
    if (o.type === 'enum') return { kind: 'enum', symbols: ((o.symbols as string[] | undefined) ?? []).map((s) => s.slice(s.lastIndexOf('/') + 1)) };
    if (o.type === 'record') {
      const fields: Record<string, CwlType> = {};
      const written = o.fields ?? [];
      const list = Array.isArray(written)
        ? (written as Record<string, unknown>[]).map((f) => [String(f.name), f.type] as const)
        : Object.entries(written as Record<string, unknown>).map(([k, v]) => [k, v && typeof v === 'object' && 'type' in v ? (v as { type: unknown }).type : v] as const);
      for (const [name, type] of list) fields[name.slice(name.lastIndexOf('/') + 1)] = normaliseType(type);
      return { kind: 'record', fields };
    }
    if ('type' in o) return normaliseType(o.type);
  }
  return { kind: 'any' };
}

export function typeLabel(t: CwlType): string {
  switch (t.kind) {
    case 'null':
      return 'null';
    case 'any':
      return 'Any';
    case 'primitive':
      return t.name;
    case 'array':
      return `${typeLabel(t.items)}[]`;
    case 'enum':
      return `enum(${t.symbols.join('|')})`;
    case 'record':
      return 'record';
    case 'union': {
      const nonNull = t.of.filter((x) => x.kind !== 'null');
      const tail = nonNull.length < t.of.length ? '?' : '';
      return nonNull.length === 1 ? `${typeLabel(nonNull[0]!)}${tail}` : `${nonNull.map(typeLabel).join('|')}${tail}`;
    }
  }
}

const numericRank: Record<string, number> = { int: 0, long: 1, float: 2, double: 3 };

/** May a value of `src` be assigned to `sink` (no scatter, no merge)? */
export function assignable(src: CwlType, sink: CwlType): boolean {
  if (sink.kind === 'any') return src.kind !== 'null';
  if (src.kind === 'any') return true; // checked at run time by the engine
  if (src.kind === 'union') return src.of.every((s) => assignable(s, sink));
  if (sink.kind === 'union') return sink.of.some((k) => assignable(src, k));
  if (src.kind === 'null') return sink.kind === 'null';
  if (sink.kind === 'null') return false;
  if (src.kind === 'primitive' && sink.kind === 'primitive') {
    if (src.name === sink.name) return true;
    const a = numericRank[src.name];
    const b = numericRank[sink.name];
    return a !== undefined && b !== undefined && a <= b; // widening only: int → long → float → double
  }
  if (src.kind === 'enum') return (sink.kind === 'primitive' && sink.name === 'string') || (sink.kind === 'enum' && src.symbols.every((s) => sink.symbols.includes(s)));
  if (src.kind === 'array' && sink.kind === 'array') return assignable(src.items, sink.items);
  if (src.kind === 'record' && sink.kind === 'record')
    return Object.entries(sink.fields).every(([name, t]) => (src.fields[name] ? assignable(src.fields[name]!, t) : assignable({ kind: 'null' }, t)));
  return false;
}

export type LinkMerge = 'merge_nested' | 'merge_flattened';
export interface LinkContext {
  /** The sink input is listed in the step's `scatter`. */
  scattered?: boolean;
  linkMerge?: LinkMerge;
  /** The sink has (or will have) more than one source. */
  multipleSources?: boolean;
  /** A pickValue on the sink makes null sources acceptable. */
  pickValue?: string;
}
export type LinkCheck = { ok: true } | { ok: false; reason: 'type_mismatch' | 'needs_scatter' | 'needs_link_merge' | 'scatter_needs_array'; src: string; sink: string };

const stripNull = (t: CwlType): CwlType => {
  if (t.kind !== 'union') return t;
  const of = t.of.filter((x) => x.kind !== 'null');
  return of.length === 1 ? of[0]! : { kind: 'union', of };
};
const arrayOf = (t: CwlType): CwlType | undefined => {
  const s = stripNull(t);
  return s.kind === 'array' ? s.items : s.kind === 'any' ? { kind: 'any' } : undefined;
};

/**
 * Checks one link `src → sink`. A File cannot feed an int; a File[] feeds a File only when the sink
 * is scattered; a File feeds a File[] only through linkMerge (or as one of several merged sources).
 */
export function checkLink(srcRaw: unknown, sinkRaw: unknown, ctx: LinkContext = {}): LinkCheck {
  let src = normaliseType(srcRaw);
  const sink = normaliseType(sinkRaw);
  const fail = (reason: Exclude<LinkCheck, { ok: true }>['reason']): LinkCheck => ({ ok: false, reason, src: typeLabel(src), sink: typeLabel(sink) });
  if (ctx.pickValue) src = stripNull(src);
  if (ctx.scattered) {
    const items = arrayOf(src);
    if (!items) return fail('scatter_needs_array');
    src = items;
  }
  if (ctx.linkMerge || ctx.multipleSources) {
    // merge_nested wraps each source in a list; merge_flattened also splices array sources in.
    const sinkItems = arrayOf(sink);
    if (!sinkItems) return assignable(src, sink) ? { ok: true } : fail('type_mismatch');
    if (assignable(src, sinkItems)) return { ok: true };
    if (ctx.linkMerge === 'merge_flattened' && arrayOf(src) && assignable(arrayOf(src)!, sinkItems)) return { ok: true };
    return assignable(src, sink) ? { ok: true } : fail('type_mismatch');
  }
  if (assignable(src, sink)) return { ok: true };
  const srcItems = arrayOf(src);
  if (srcItems && assignable(srcItems, sink)) return fail('needs_scatter');
  const sinkItems = arrayOf(sink);
  if (sinkItems && assignable(src, sinkItems)) return fail('needs_link_merge');
  return fail('type_mismatch');
}
