import { normaliseType, type CwlType } from './inputs';

/**
 * Port type compatibility for the designer (CWL v1.2 §"WorkflowStepInput", cwltool's static
 * checker): which output may feed which input, and what the link then needs (scatter, linkMerge).
 * Types are the launch form's own tree (`inputs.ts`), normalised leniently: a name the designer
 * cannot resolve is `Any` here and left to `cwltool --validate` at save.
 */
export type { CwlType };

/** A written CWL type (string, shorthand, object or union list) as the designer checks it. */
export const portType = (raw: unknown): CwlType => normaliseType(raw, 'type', true);

export function typeLabel(t: CwlType): string {
  switch (t.kind) {
    case 'array':
      return `${typeLabel(t.items)}[]`;
    case 'enum':
      return `enum(${t.symbols.join('|')})`;
    case 'record':
      return 'record';
    case 'union': {
      const nonNull = t.types.filter((x) => x.kind !== 'null');
      const tail = nonNull.length < t.types.length ? '?' : '';
      return nonNull.length === 1 ? `${typeLabel(nonNull[0]!)}${tail}` : `${nonNull.map(typeLabel).join('|')}${tail}`;
    }
    default:
      return t.kind;
  }
}

const numericRank: Record<string, number> = { int: 0, long: 1, float: 2, double: 3 };

/** May a value of `src` be assigned to `sink` (no scatter, no merge)? */
export function assignable(src: CwlType, sink: CwlType): boolean {
  if (sink.kind === 'Any') return src.kind !== 'null';
  if (src.kind === 'Any') return true; // checked at run time by the engine
  if (src.kind === 'union') return src.types.every((s) => assignable(s, sink));
  if (sink.kind === 'union') return sink.types.some((k) => assignable(src, k));
  if (src.kind === 'null') return sink.kind === 'null';
  if (sink.kind === 'null') return false;
  if (src.kind === 'enum') return sink.kind === 'string' || (sink.kind === 'enum' && src.symbols.every((s) => sink.symbols.includes(s)));
  if (src.kind === 'array') return sink.kind === 'array' && assignable(src.items, sink.items);
  if (src.kind === 'record') {
    if (sink.kind !== 'record') return false;
    return sink.fields.every((f) => {
      const from = src.fields.find((x) => x.name === f.name);
      return from ? assignable(from.type, f.type) : assignable({ kind: 'null' }, f.type);
    });
  }
  if (src.kind === sink.kind) return true;
  const a = numericRank[src.kind];
  const b = numericRank[sink.kind];
  return a !== undefined && b !== undefined && a <= b; // widening only: int → long → float → double
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
  const types = t.types.filter((x) => x.kind !== 'null');
  return types.length === 1 ? types[0]! : { kind: 'union', types };
};
const arrayOf = (t: CwlType): CwlType | undefined => {
  const s = stripNull(t);
  return s.kind === 'array' ? s.items : s.kind === 'Any' ? { kind: 'Any' } : undefined;
};

/**
 * Checks one link `src → sink`. A File cannot feed an int; a File[] feeds a File only when the sink
 * is scattered; a File feeds a File[] only through linkMerge (or as one of several merged sources).
 */
export function checkLink(srcRaw: unknown, sinkRaw: unknown, ctx: LinkContext = {}): LinkCheck {
  let src = portType(srcRaw);
  const sink = portType(sinkRaw);
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
