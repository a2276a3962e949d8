import type { CwlDocument, CwlObject, PathItem } from './document';
import { DocumentRequirements } from './requirements';

export type ToolField = 'baseCommand' | 'arguments' | 'stdin' | 'stdout' | 'stderr' | 'successCodes' | 'temporaryFailCodes' | 'permanentFailCodes' | 'label' | 'doc';
export type BindingField = 'position' | 'prefix' | 'separate' | 'itemSeparator' | 'shellQuote' | 'valueFrom' | 'loadContents';
export type OutputBindingField = 'glob' | 'outputEval' | 'loadContents' | 'loadListing';

const isEmpty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The CommandLineTool form editor's operations: small document edits plus requirement counting. */
export class ToolEditor {
  readonly requirements: DocumentRequirements;

  constructor(
    readonly doc: CwlDocument,
    readonly path: PathItem[] = doc.mainPath(),
  ) {
    this.requirements = new DocumentRequirements(doc, path);
  }

  process(): CwlObject {
    return (this.doc.get(this.path) ?? {}) as CwlObject;
  }

  set(field: ToolField, value: unknown): void {
    this.doc.set([...this.path, field], isEmpty(value) ? undefined : value);
    this.requirements.sync();
  }

  setPort(section: 'inputs' | 'outputs', id: string, field: string, value: unknown): void {
    this.doc.setEntryField([...this.path, section], id, field, isEmpty(value) ? undefined : value, 'type');
    this.requirements.sync();
  }

  removePort(section: 'inputs' | 'outputs', id: string): void {
    this.doc.deleteEntry([...this.path, section], id);
    this.requirements.sync();
  }

  private setNested(section: 'inputs' | 'outputs', id: string, binding: 'inputBinding' | 'outputBinding', field: string, value: unknown): void {
    const entry = this.doc.entryPath([...this.path, section], id);
    if (!entry) throw new Error(`no ${section} ${id}`);
    const current = this.doc.get(entry);
    if (current === null || typeof current !== 'object' || Array.isArray(current)) this.doc.setEntryField([...this.path, section], id, 'type', current ?? 'string', 'type');
    this.doc.set([...entry, binding, field], isEmpty(value) ? undefined : value);
    const left = this.doc.get([...entry, binding]);
    // `inputBinding: {}` still means "put it on the command line", so it is kept when emptied.
    if (binding === 'outputBinding' && left && typeof left === 'object' && Object.keys(left).length === 0) this.doc.set([...entry, binding], undefined);
    this.requirements.sync();
  }

  setInputBinding(id: string, field: BindingField, value: unknown): void {
    this.setNested('inputs', id, 'inputBinding', field, value);
  }

  setOutputBinding(id: string, field: OutputBindingField, value: unknown): void {
    this.setNested('outputs', id, 'outputBinding', field, value);
  }

  /** Declares a requirement by hand (the form's switch): one more reference to it. */
  addRequirement(kind: string, body: CwlObject = {}): void {
    this.requirements.usage.retain(kind);
    if (Object.keys(body).length) this.setRequirementBody(kind, body);
  }

  /** The form's switch off: one reference fewer (spec §4: 'there is no reference of …' when none). */
  removeRequirement(kind: string): void {
    this.requirements.usage.release(kind);
  }

  setRequirementBody(kind: string, body: CwlObject): void {
    const section = [...this.path, 'requirements'];
    const entry = this.doc.entryPath(section, kind, 'class');
    if (!entry) throw new Error(`there is no reference of ${kind}`);
    for (const [k, v] of Object.entries(body)) this.doc.set([...entry, k], isEmpty(v) ? undefined : v);
  }
}
