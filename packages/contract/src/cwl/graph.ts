import { shortId } from './document';
import type { CwlObject } from './document';

/** One entry of a CWL map-or-list field, with its short id. */
export type Entry = CwlObject & { id: string };

/** `{a: int, b: {…}}` or `[{id: a, type: int}, …]` → entries; a scalar/list value is `shorthand`. */
export function entries(value: unknown, shorthand = 'type', idKey = 'id'): Entry[] {
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (item && typeof item === 'object') {
        const o = item as CwlObject;
        return { ...o, id: shortId(String(o[idKey] ?? '')) };
      }
      return { id: shortId(String(item)) }; // `out: [a, b]`
    });
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as CwlObject).map(([id, v]) =>
      v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as CwlObject), id } : { [shorthand]: v, id },
    );
  }
  return [];
}

/** A CWL field that is one value or a list of them (`source`, `scatter`, `outputSource`), as strings. */
export const asList = (v: unknown): string[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

export interface PortRef {
  /** undefined for a workflow input/output */
  step?: string;
  port: string;
}
export interface GraphNode {
  id: string;
  kind: 'input' | 'output' | 'step';
  label?: string;
  inputs: string[];
  outputs: string[];
  /** For steps: the run as written (a reference or an inline process). */
  run?: unknown;
  scatter?: string[];
}
export interface GraphEdge {
  source: PortRef;
  target: PortRef;
}
export interface WorkflowGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** A source as written (`#main/step/out`, `step/out`, `input`) → the step and port it names. */
export function parseSource(source: string, stepIds: ReadonlySet<string>): PortRef {
  const noHash = source.includes('#') ? source.slice(source.indexOf('#') + 1) : source;
  const parts = noHash.split('/');
  // Packed documents prefix with the workflow id (`main/step/out`); drop segments until a step matches.
  for (let i = 0; i < parts.length - 1; i += 1) {
    if (stepIds.has(parts[i]!)) return { step: parts[i], port: parts.slice(i + 1).join('/') };
  }
  return { port: parts.at(-1)! };
}

/** Nodes (workflow inputs, steps, workflow outputs) and edges (every source of every sink). */
export function workflowGraph(process: CwlObject): WorkflowGraph {
  const steps = entries(process.steps);
  const stepIds = new Set(steps.map((s) => s.id));
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (const input of entries(process.inputs)) nodes.push({ id: input.id, kind: 'input', label: input.label as string | undefined, inputs: [], outputs: [input.id] });
  for (const step of steps) {
    const ins = entries(step.in, 'source');
    const run = step.run;
    nodes.push({
      id: step.id,
      kind: 'step',
      label: (step.label as string | undefined) ?? (run && typeof run === 'object' ? ((run as CwlObject).label as string | undefined) : undefined),
      inputs: ins.map((i) => i.id),
      outputs: entries(step.out).map((o) => o.id),
      run,
      scatter: asList(step.scatter).map(shortId),
    });
    for (const input of ins) {
      for (const source of asList(input.source)) edges.push({ source: parseSource(source, stepIds), target: { step: step.id, port: input.id } });
    }
  }
  for (const output of entries(process.outputs)) {
    nodes.push({ id: output.id, kind: 'output', label: output.label as string | undefined, inputs: [output.id], outputs: [] });
    for (const source of asList(output.outputSource)) edges.push({ source: parseSource(source, stepIds), target: { port: output.id } });
  }
  return { nodes, edges };
}

/** The steps on a cycle (empty when the workflow is a DAG), found by Kahn's algorithm. */
export function findCycle(graph: WorkflowGraph): string[] {
  const steps = graph.nodes.filter((n) => n.kind === 'step').map((n) => n.id);
  const deps = new Map(steps.map((s) => [s, new Set<string>()]));
  for (const e of graph.edges) if (e.source.step && e.target.step && deps.has(e.source.step)) deps.get(e.target.step)?.add(e.source.step);
  const remaining = new Set(steps);
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const s of remaining) {
      if ([...deps.get(s)!].every((d) => !remaining.has(d))) {
        remaining.delete(s);
        progressed = true;
      }
    }
  }
  return [...remaining];
}

/** Would linking `from` → `to` close a cycle? (to reaches from already) */
export function wouldCycle(graph: WorkflowGraph, fromStep: string, toStep: string): boolean {
  if (fromStep === toStep) return true;
  const next = new Map<string, string[]>();
  for (const e of graph.edges) if (e.source.step && e.target.step) next.set(e.source.step, [...(next.get(e.source.step) ?? []), e.target.step]);
  const seen = new Set<string>();
  const stack = [toStep];
  while (stack.length) {
    const s = stack.pop()!;
    if (s === fromStep) return true;
    if (seen.has(s)) continue;
    seen.add(s);
    stack.push(...(next.get(s) ?? []));
  }
  return false;
}

/** A comparable summary (sorted) of steps, ports and connections: what an export must keep. */
export function graphSignature(graph: WorkflowGraph): string[] {
  const ref = (p: PortRef) => (p.step ? `${p.step}/${p.port}` : p.port);
  return [
    ...graph.nodes.map((n) => `${n.kind}:${n.id}(${[...n.inputs].sort().join(',')})->(${[...n.outputs].sort().join(',')})`),
    ...graph.edges.map((e) => `edge:${ref(e.source)}->${ref(e.target)}`),
  ].sort();
}
