import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { findCwltool } from './engine-binaries';

export interface ValidationIssue {
  /** `main.cwl:inputs.file.type` (document path) or `main.cwl:6:5` where no path is found. */
  path: string;
  message: string;
}

export type ValidationResult = { available: false } | { available: true; valid: boolean; issues: ValidationIssue[]; output: string };

const timeoutMs = 120_000;

/**
 * The real engine's opinion (`cwltool --validate`) of an upload, on a private temporary copy: the
 * files are written under a fresh directory (names were checked by the contract: relative, no `..`),
 * cwltool runs without a shell and with a time limit, and its `file:line:col: message` lines are mapped
 * to the document path they point at.
 */
export async function cwltoolValidate(files: Record<string, string>, mainFile: string): Promise<ValidationResult> {
  const cwltool = await findCwltool();
  if (!cwltool) return { available: false };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-cwl-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      const target = path.join(dir, name);
      if (!target.startsWith(dir + path.sep)) throw new Error(`bad file name ${name}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text, { mode: 0o600 });
    }
    const { code, output } = await run(cwltool, ['--validate', '--disable-color', '--skip-schemas', mainFile], dir);
    const issues = code === 0 ? [] : toIssues(output, files);
    if (code !== 0 && issues.length === 0) issues.push({ path: mainFile, message: lastLines(output) || `cwltool exited with ${code}` });
    return { available: true, valid: code === 0, issues, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024, env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', HOME: cwd } },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (error && (error as { killed?: boolean }).killed) resolve({ code: 124, output: `${output}\ncwltool --validate took longer than ${timeoutMs / 1000} s` });
        else resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output });
      },
    );
  });
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
