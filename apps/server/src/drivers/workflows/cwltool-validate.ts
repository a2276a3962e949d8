import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { engineInstallHint, findCwltool } from './engine-binaries';
import { runConfined } from './sandbox';

export interface ValidationIssue {
  /** `main.cwl:inputs.file.type` (document path) or `main.cwl:6:5` where no path is found. */
  path: string;
  message: string;
}

export type ValidationResult = { available: false; reason: string } | { available: true; valid: boolean; issues: ValidationIssue[]; output: string };

/**
 * The real engine's opinion (`cwltool --validate`) of an upload, confined (`sandbox.ts`): the files in a
 * throwaway directory that is all the engine sees of the host, as the unprivileged `starlight-cwl` user, without
 * network, with time and memory limits. Its `file:line:col: message` lines are mapped to the document path they
 * point at. `--skip-schemas`: `$schemas` ontologies are for format checks at run time, never fetched here.
 */
export async function cwltoolValidate(files: Record<string, string>, mainFile: string): Promise<ValidationResult> {
  const cwltool = await findCwltool();
  if (!cwltool) return { available: false, reason: engineInstallHint.cwltool };
  const result = await runConfined(cwltool, ['--validate', '--disable-color', '--skip-schemas', mainFile], files);
  if (!result.available) return result;
  const { code, output } = result;
  const issues = code === 0 ? [] : toIssues(output, files);
  if (code !== 0 && issues.length === 0) issues.push({ path: mainFile, message: lastLines(output) || `cwltool exited with ${code}` });
  return { available: true, valid: code === 0, issues, output };
}

const lastLines = (text: string) => text.trim().split('\n').slice(-3).join('\n');

/** cwltool nests its messages by indentation; the deepest line of each chain is the real problem. */
function toIssues(output: string, files: Record<string, string>): ValidationIssue[] {
  const located = /^(.+?):(\d+):(\d+):(\s*)(.*)$/;
  const entries: { file: string; line: number; col: number; depth: number; message: string }[] = [];
  for (const raw of output.split('\n')) {
    const m = located.exec(raw);
    if (m && files[m[1]!] !== undefined) entries.push({ file: m[1]!, line: Number(m[2]), col: Number(m[3]), depth: m[4]!.length, message: m[5]! });
    else if (entries.length && /^\s+\S/.test(raw)) entries[entries.length - 1]!.message += ` ${raw.trim()}`;
  }
  const leaves = entries.filter((e, i) => !(entries[i + 1] && entries[i + 1]!.depth > e.depth));
  return leaves.map((e) => ({ path: `${e.file}:${pathAt(files[e.file]!, e.line, e.col) ?? `${e.line}:${e.col}`}`, message: e.message.replace(/\s+/g, ' ').trim() }));
}

/** The dotted path of the deepest YAML node at line:col (1-based), e.g. `inputs.file.type`. */
export function pathAt(text: string, line: number, col: number): string | null {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, keepSourceTokens: false });
  const offset = (counter.lineStarts[line - 1] ?? 0) + col - 1;
  let best: string[] | null = null;
  const walk = (node: Node | null | undefined, at: string[]) => {
    if (!node || !node.range || offset < node.range[0] || offset > node.range[2]) return;
    best = at;
    if (isMap(node))
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const key = isScalar(item.key) ? String(item.key.value) : '?';
        const keyNode = item.key as Node | null;
        if (keyNode?.range && offset >= keyNode.range[0] && offset <= keyNode.range[1]) best = [...at, key];
        walk(item.value as Node | null, [...at, key]);
      }
    else if (isSeq(node)) node.items.forEach((item, i) => walk(item as Node, [...at, String(i)]));
  };
  walk(doc.contents as Node | null, []);
  const found = best as string[] | null;
  return found && found.length ? found.join('.') : null;
}
