import { asList, entries, findCycle, parseSource, workflowGraph } from './graph';
import { mainProcess, normaliseRunPath, parseCwlText, type CwlIssue, type CwlObject } from './parse';
import { checkLink, type LinkMerge } from './ports';

const isObject = (v: unknown): v is CwlObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const bare = (id: unknown) => String(id ?? '').replace(/^#/, '');

/**
 * The save's own graph checks on every Workflow of an upload (the designer runs the same functions while editing):
 * a cycle of steps (`findCycle`) is an issue on `steps.<a step of it>`, and a link whose types can never meet
 * (`checkLink`: a File feeding an int, an array feeding a single value without scatter) is an issue on the sink,
 * `steps.<step>.in.<port>` or `outputs.<id>.outputSource`. Only certain errors are reported: a sink with `valueFrom`,
 * a port whose type is unknown here (a `run:` naming a catalogue app not in `files`), and a source that may be null
 * (the engine decides at run time, as cwltool's own checker only warns) are left alone.
 */
export function workflowGraphIssues(files: Record<string, string>): CwlIssue[] {
  const issues: CwlIssue[] = [];
  const parsed = new Map<string, CwlObject | null>();
  const docOf = (file: string): CwlObject | null => {
    if (!parsed.has(file)) {
      let doc: CwlObject | null = null;
      try {
        doc = files[file] === undefined ? null : parseCwlText(files[file], file);
      } catch {
        doc = null; // the parse check reports it
      }
      parsed.set(file, doc);
    }
    return parsed.get(file)!;
  };
  const processOf = (file: string, run: unknown): CwlObject | null => {
    if (isObject(run)) return run;
    if (typeof run !== 'string') return null;
    const doc = docOf(file);
    if (run.startsWith('#')) return (Array.isArray(doc?.$graph) ? (doc.$graph as unknown[]).find((p) => isObject(p) && bare(p.id) === run.slice(1)) : null) as CwlObject | null;
    const [ref, fragment] = run.split('#');
    const target = normaliseRunPath(file, ref!);
    const targetDoc = target ? docOf(target) : null;
    if (!targetDoc) return null;
    if (fragment && Array.isArray(targetDoc.$graph)) return ((targetDoc.$graph as unknown[]).find((p) => isObject(p) && bare(p.id) === fragment) as CwlObject | undefined) ?? null;
    try {
      return mainProcess(targetDoc, target!);
    } catch {
      return null;
    }
  };

  const checkWorkflow = (file: string, prefix: string, process: CwlObject) => {
    const graph = workflowGraph(process);
    const cycle = findCycle(graph);
    if (cycle.length) issues.push({ path: `${file}:${prefix}steps.${cycle[0]}`, message: `steps ${cycle.join(', ')} form a cycle: a workflow's steps must not depend on each other in a loop` });
    const steps = entries(process.steps);
    const stepIds = new Set(steps.map((s) => s.id));
    const runs = new Map(steps.map((s) => [s.id, processOf(file, s.run)]));
    const typeOfSource = (source: string): unknown => {
      const ref = parseSource(source, stepIds);
      if (!ref.step) return entries(process.inputs).find((i) => i.id === ref.port)?.type;
      const step = steps.find((s) => s.id === ref.step)!;
      let type = entries(runs.get(ref.step)?.outputs).find((o) => o.id === ref.port)?.type;
      if (type === undefined) return undefined;
      const scatter = asList(step.scatter);
      const levels = scatter.length === 0 ? 0 : step.scatterMethod === 'nested_crossproduct' ? scatter.length : 1;
      for (let i = 0; i < levels; i += 1) type = { type: 'array', items: type };
      return type;
    };
    const check = (sources: string[], sinkType: unknown, sink: CwlObject | undefined, scattered: boolean, path: string, name: string) => {
      if (sinkType === undefined || sink?.valueFrom !== undefined) return;
      for (const source of sources) {
        const srcType = typeOfSource(source);
        if (srcType === undefined) continue;
        const result = checkLink(srcType, sinkType, {
          scattered,
          ...(sink?.linkMerge ? { linkMerge: sink.linkMerge as LinkMerge } : {}),
          multipleSources: sources.length > 1,
          pickValue: typeof sink?.pickValue === 'string' ? sink.pickValue : 'maybe_null',
        });
        if (!result.ok && (result.reason === 'type_mismatch' || result.reason === 'needs_scatter'))
          issues.push({ path: `${file}:${path}`, message: `${source} (${result.src}) cannot feed ${name} (${result.sink})${result.reason === 'needs_scatter' ? ' without scatter' : ''}` });
      }
    };
    for (const step of steps) {
      const run = runs.get(step.id);
      if (!run) continue;
      const scatter = asList(step.scatter).map((s) => s.replace(/^.*[#/]/, ''));
      for (const input of entries(step.in, 'source')) {
        const sinkType = entries(run.inputs).find((i) => i.id === input.id)?.type;
        check(asList(input.source), sinkType, input, scatter.includes(input.id), `${prefix}steps.${step.id}.in.${input.id}`, `${step.id}/${input.id}`);
      }
    }
    for (const output of entries(process.outputs)) check(asList(output.outputSource), output.type, output, false, `${prefix}outputs.${output.id}.outputSource`, output.id);
  };

  for (const file of Object.keys(files)) {
    const doc = docOf(file);
    if (!doc) continue;
    const processes: [string, CwlObject][] = Array.isArray(doc.$graph) ? (doc.$graph as unknown[]).filter(isObject).map((p) => [`$graph.${bare(p.id)}.`, p]) : [['', doc]];
    for (const [prefix, process] of processes) if (process.class === 'Workflow') checkWorkflow(file, prefix, process);
  }
  return issues;
}
