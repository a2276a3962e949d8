import type { CwlDocument, CwlObject, PathItem } from './document';
import { asList, entries } from './graph';

/** The requirement kinds of spec §3 (plus Resource, which the issue adds), by CWL class name. */
export const requirementKinds = [
  'InlineJavascriptRequirement',
  'LoadListingRequirement',
  'ShellCommandRequirement',
  'SubworkflowFeatureRequirement',
  'ScatterFeatureRequirement',
  'MultipleInputFeatureRequirement',
  'StepInputExpressionRequirement',
  'DockerRequirement',
  'InitialWorkDirRequirement',
  'EnvVarRequirement',
  'ResourceRequirement',
] as const;
export type RequirementKind = (typeof requirementKinds)[number];

/**
 * Spec §4 "Requirement usage counting": a requirement is added on its first reference and removed
 * when its count reaches zero; releasing one that has no reference is an error with this exact text.
 */
export class RequirementUsage {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly onAdd: (requirement: string) => void = () => {},
    private readonly onRemove: (requirement: string) => void = () => {},
  ) {}

  count(requirement: string): number {
    return this.counts.get(requirement) ?? 0;
  }

  /** Sets a starting count without side effects (a loaded document already holds its requirements). */
  seed(requirement: string, count: number): void {
    if (count > 0) this.counts.set(requirement, count);
    else this.counts.delete(requirement);
  }

  retain(requirement: string): void {
    const n = this.count(requirement);
    this.counts.set(requirement, n + 1);
    if (n === 0) this.onAdd(requirement);
  }

  release(requirement: string): void {
    const n = this.count(requirement);
    if (n === 0) throw new Error(`there is no reference of ${requirement}`);
    if (n === 1) {
      this.counts.delete(requirement);
      this.onRemove(requirement);
    } else this.counts.set(requirement, n - 1);
  }

  held(): string[] {
    return [...this.counts.keys()];
  }
}

// A parameter reference ($(inputs.x.path), $(runtime.outdir), $(self[0])) needs no JavaScript.
const parameterReference = /^\$\((inputs|self|runtime)(\.[A-Za-z_]\w*|\[\d+\]|\['[^']*'\]|\["[^"]*"\])*\)$/;
const expressionPattern = /\$\((?:[^()]|\([^()]*\))*\)|\$\{[\s\S]*?\}/g;

/** Does this string hold an expression that needs InlineJavascriptRequirement? */
export function needsJavascript(text: string): boolean {
  return (text.match(expressionPattern) ?? []).some((e) => !parameterReference.test(e));
}

function countJs(value: unknown, skipRun: boolean): number {
  if (typeof value === 'string') return needsJavascript(value) ? 1 : 0;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + countJs(v, skipRun), 0);
  if (value && typeof value === 'object')
    return Object.entries(value as CwlObject).reduce(
      // a step's inline run and the requirement declarations carry their own needs; docs are prose
      (n, [k, v]) => (k === 'run' && skipRun) || k === 'requirements' || k === 'hints' || k === 'doc' ? n : n + countJs(v, skipRun),
      0,
    );
  return 0;
}

/**
 * The references the process itself makes to each derivable requirement: every scatter, every
 * multi-source link, every valueFrom, every sub-workflow step, every JavaScript expression, every
 * `shellQuote: false`. `isWorkflowRun` tells whether a step's `run` reference is a Workflow.
 */
export function requirementReferences(process: CwlObject, isWorkflowRun: (run: unknown) => boolean = defaultIsWorkflowRun): Map<RequirementKind, number> {
  const refs = new Map<RequirementKind, number>();
  const add = (k: RequirementKind, n = 1) => n > 0 && refs.set(k, (refs.get(k) ?? 0) + n);
  add('InlineJavascriptRequirement', countJs(process, true));
  if (process.class === 'Workflow') {
    for (const step of entries(process.steps)) {
      if (step.scatter !== undefined) add('ScatterFeatureRequirement');
      if (isWorkflowRun(step.run)) add('SubworkflowFeatureRequirement');
      for (const input of entries(step.in, 'source')) {
        if (asList(input.source).length > 1) add('MultipleInputFeatureRequirement');
        if (input.valueFrom !== undefined) add('StepInputExpressionRequirement');
      }
    }
    for (const output of entries(process.outputs)) if (asList(output.outputSource).length > 1) add('MultipleInputFeatureRequirement');
  } else {
    const bindings = [...(Array.isArray(process.arguments) ? process.arguments : []), ...entries(process.inputs).map((i) => i.inputBinding)];
    for (const b of bindings) if (b && typeof b === 'object' && (b as CwlObject).shellQuote === false) add('ShellCommandRequirement');
  }
  return refs;
}

function defaultIsWorkflowRun(run: unknown): boolean {
  return !!run && typeof run === 'object' && (run as CwlObject).class === 'Workflow';
}

/** Requirement classes declared in `requirements` or `hints` of the process at `path`. */
export function declaredRequirements(doc: CwlDocument, path: PathItem[], section: 'requirements' | 'hints' = 'requirements'): string[] {
  return doc.ids([...path, section], 'class');
}

/**
 * Binds a usage counter to the process at `path` of a document. Counts start from the process's
 * own references; a requirement written by hand with no derivable reference counts as one
 * (the declaration is its reference), so loading a document never drops what its author wrote.
 */
export class DocumentRequirements {
  readonly usage: RequirementUsage;
  private derived = new Map<RequirementKind, number>();

  constructor(
    private readonly doc: CwlDocument,
    private readonly path: PathItem[],
    private readonly isWorkflowRun?: (run: unknown) => boolean,
  ) {
    const section = [...path, 'requirements'];
    this.usage = new RequirementUsage(
      (req) => {
        if (!declaredRequirements(doc, path).includes(req) && !declaredRequirements(doc, path, 'hints').includes(req)) doc.setEntry(section, req, {}, 'class');
      },
      (req) => doc.deleteEntry(section, req, 'class'),
    );
    this.derived = requirementReferences(this.process(), isWorkflowRun);
    for (const req of declaredRequirements(doc, path)) this.usage.seed(req, Math.max(1, this.derived.get(req as RequirementKind) ?? 0));
    // A need the author left out is counted and written (the engine refuses the document without it);
    // one put in hints stays there.
    for (const [req, n] of this.derived) {
      if (this.usage.count(req) > 0) continue;
      this.usage.seed(req, n);
      if (!declaredRequirements(doc, path, 'hints').includes(req)) doc.setEntry(section, req, {}, 'class');
    }
  }

  private process(): CwlObject {
    return (this.doc.get(this.path) ?? {}) as CwlObject;
  }

  /** After an edit: retain/release the difference between the old and new references. */
  sync(): void {
    const next = requirementReferences(this.process(), this.isWorkflowRun);
    const kinds = new Set([...this.derived.keys(), ...next.keys()]);
    for (const k of kinds) {
      const diff = (next.get(k) ?? 0) - (this.derived.get(k) ?? 0);
      for (let i = 0; i < diff; i += 1) this.usage.retain(k);
      for (let i = 0; i > diff; i -= 1) this.usage.release(k);
    }
    this.derived = next;
  }
}
