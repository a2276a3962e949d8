import type { CwlDocument, CwlObject, PathItem } from './document';
import { asList, entries, findCycle, parseSource, workflowGraph, wouldCycle } from './graph';
import type { WorkflowGraph } from './graph';
import { checkLink } from './ports';
import type { LinkCheck, LinkMerge } from './ports';
import { DocumentRequirements } from './requirements';

export type StepField = 'scatter' | 'scatterMethod' | 'when' | 'label' | 'doc';
export type StepInputField = 'linkMerge' | 'pickValue' | 'valueFrom' | 'default' | 'loadListing';
export type ConnectResult = LinkCheck | { ok: false; reason: 'cycle' | 'unknown_port'; src: string; sink: string };

/**
 * The visual designer's operations on a Workflow, each a small edit of the underlying document
 * (so nothing else in it moves), each followed by requirement usage counting (spec §4).
 */
export class WorkflowEditor {
  readonly requirements: DocumentRequirements;

  constructor(
    readonly doc: CwlDocument,
    readonly path: PathItem[] = doc.mainPath(),
    isWorkflowRun?: (run: unknown) => boolean,
  ) {
    this.requirements = new DocumentRequirements(doc, path, isWorkflowRun);
  }

  private at(...rest: PathItem[]): PathItem[] {
    return [...this.path, ...rest];
  }

  process(): CwlObject {
    return (this.doc.get(this.path) ?? {}) as CwlObject;
  }

  graph(): WorkflowGraph {
    return workflowGraph(this.process());
  }

  cycle(): string[] {
    return findCycle(this.graph());
  }

  private stepPath(step: string): PathItem[] {
    const p = this.doc.entryPath(this.at('steps'), step);
    if (!p) throw new Error(`no step ${step}`);
    return p;
  }

  /** A fresh id (`sort`, `sort_2` …) for a step, input or output. */
  freshId(base: string, section: 'steps' | 'inputs' | 'outputs'): string {
    const clean = base.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1') || 'step';
    const taken = new Set(this.doc.ids(this.at(section)));
    if (!taken.has(clean)) return clean;
    let n = 2;
    while (taken.has(`${clean}_${n}`)) n += 1;
    return `${clean}_${n}`;
  }

  /** Adds a step running `run` (a reference or an inline process) with its ports unconnected. */
  addStep(id: string, run: unknown, inputs: string[], outputs: string[]): void {
    this.doc.setEntry(this.at('steps'), id, { run, in: Object.fromEntries(inputs.map((i) => [i, {}])), out: outputs });
    this.requirements.sync();
  }

  /** Removes a step and every link from its outputs. */
  removeStep(id: string): void {
    const graph = this.graph();
    for (const e of graph.edges) if (e.source.step === id) this.disconnectRaw(e.target.step, e.target.port, `${id}/${e.source.port}`);
    this.doc.deleteEntry(this.at('steps'), id);
    this.requirements.sync();
  }

  private sinkType(step: string | undefined, port: string, runInputs: (step: string) => CwlObject[]): unknown {
    if (!step) return entries(this.process().outputs).find((o) => o.id === port)?.type;
    return runInputs(step).find((i) => i.id === port)?.type;
  }

  /**
   * Checks a link before it is made: types (ports.ts) and cycles. `types` gives the port types of
   * a step's run (the designer knows them from the catalogue or the inline process).
   */
  checkConnect(source: string, step: string | undefined, port: string, types: { outputs: (step: string) => CwlObject[]; inputs: (step: string) => CwlObject[] }): ConnectResult {
    const process = this.process();
    const stepIds = new Set(entries(process.steps).map((s) => s.id));
    const src = parseSource(source, stepIds);
    const srcStep = src.step ? entries(process.steps).find((s) => s.id === src.step) : undefined;
    let srcType = src.step ? types.outputs(src.step).find((o) => o.id === src.port)?.type : entries(process.inputs).find((i) => i.id === src.port)?.type;
    // A scattered step outputs one value per item: an array (one level per input for nested_crossproduct).
    const srcScatter = asList(srcStep?.scatter);
    const levels = srcScatter.length === 0 ? 0 : srcStep?.scatterMethod === 'nested_crossproduct' ? srcScatter.length : 1;
    for (let i = 0; i < levels && srcType !== undefined; i += 1) srcType = { type: 'array', items: srcType };
    const sinkType = this.sinkType(step, port, types.inputs);
    if (srcType === undefined || sinkType === undefined) return { ok: false, reason: 'unknown_port', src: source, sink: port };
    if (src.step && step && wouldCycle(this.graph(), src.step, step)) return { ok: false, reason: 'cycle', src: source, sink: port };
    const sink = step ? entries(entries(process.steps).find((s) => s.id === step)?.in, 'source').find((i) => i.id === port) : entries(process.outputs).find((o) => o.id === port);
    const existing = asList(step ? sink?.source : sink?.outputSource);
    const scatter = step ? asList(entries(process.steps).find((s) => s.id === step)?.scatter) : [];
    return checkLink(srcType, sinkType, {
      scattered: scatter.includes(port),
      linkMerge: sink?.linkMerge as LinkMerge | undefined,
      multipleSources: existing.length > 0 && !existing.includes(source),
      pickValue: sink?.pickValue as string | undefined,
    });
  }

  /** Adds `source` to a step input (or a workflow output when `step` is undefined). */
  connect(source: string, step: string | undefined, port: string): void {
    const field = step ? 'source' : 'outputSource';
    const collection = step ? [...this.stepPath(step), 'in'] : this.at('outputs');
    const entry = this.doc.getEntry(collection, port, step ? 'source' : 'type') ?? {};
    const existing = asList(entry[field]);
    if (existing.includes(source)) return;
    const next = [...existing, source];
    const value = next.length === 1 ? next[0] : next;
    // A step input with nothing but its source is written in the short form `port: source`.
    if (step && Object.keys(entry).filter((k) => k !== 'id').length === 0 && !this.doc.isList(collection)) this.doc.set([...collection, port], value);
    else this.doc.setEntryField(collection, port, field, value, step ? 'source' : 'type');
    this.requirements.sync();
  }

  private disconnectRaw(step: string | undefined, port: string, source: string): void {
    const field = step ? 'source' : 'outputSource';
    const collection = step ? [...this.stepPath(step), 'in'] : this.at('outputs');
    const entry = this.doc.getEntry(collection, port, step ? 'source' : 'type');
    if (!entry) return;
    const stepIds = new Set(entries(this.process().steps).map((s) => s.id));
    const target = parseSource(source, stepIds);
    const same = (s: string) => {
      const p = parseSource(s, stepIds);
      return p.step === target.step && p.port === target.port;
    };
    const next = asList(entry[field]).filter((s) => !same(s));
    this.doc.setEntryField(collection, port, field, next.length === 0 ? undefined : next.length === 1 ? next[0] : next, step ? 'source' : 'type');
  }

  disconnect(source: string, step: string | undefined, port: string): void {
    this.disconnectRaw(step, port, source);
    this.requirements.sync();
  }

  setStepField(step: string, field: StepField, value: unknown): void {
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    this.doc.set([...this.stepPath(step), field], empty ? undefined : value);
    // scatterMethod means nothing without at least two scattered inputs' worth of scatter
    if (field === 'scatter' && empty) this.doc.set([...this.stepPath(step), 'scatterMethod'], undefined);
    this.requirements.sync();
  }

  setStepInputField(step: string, port: string, field: StepInputField, value: unknown): void {
    this.doc.setEntryField([...this.stepPath(step), 'in'], port, field, value === '' ? undefined : value, 'source');
    this.requirements.sync();
  }

  /** Adds or updates a workflow input or output (`fields` like {type, label, doc, default}). */
  setPort(section: 'inputs' | 'outputs', id: string, fields: CwlObject): void {
    for (const [k, v] of Object.entries(fields)) this.doc.setEntryField(this.at(section), id, k, v, 'type');
    this.requirements.sync();
  }

  removePort(section: 'inputs' | 'outputs', id: string): void {
    if (section === 'inputs') for (const e of this.graph().edges) if (!e.source.step && e.source.port === id) this.disconnectRaw(e.target.step, e.target.port, id);
    this.doc.deleteEntry(this.at(section), id);
    this.requirements.sync();
  }
}
