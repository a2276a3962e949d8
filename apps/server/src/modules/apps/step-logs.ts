import path from 'node:path';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import { runFiles, toilStep } from '../../drivers/workflows/engine';
import { readText } from './run-files';

/** Per step at most this much of the end of its log; a run's step logs are read on the run page only. */
const stepLogBytes = 16_384;
const maxToilLogFiles = 200;

const tail = (text: string) => (text.length > stepLogBytes ? text.slice(-stepLogBytes) : text);

/**
 * cwltool's log split by step: a `[step NAME]` or `[job NAME]` line (scatter jobs are `NAME_2`) opens that step's
 * section and the untagged lines after it (the tool's stderr, and its stdout when the tool does not capture it —
 * cwltool sends a tool's stdout to its own stderr) belong to it until the next tagged line.
 */
export function cwltoolStepLogs(log: string, steps: readonly string[]): Map<string, string> {
  const out = new Map<string, string[]>();
  const stepOf = (name: string) => (steps.includes(name) ? name : steps.includes(name.replace(/_\d+$/, '')) ? name.replace(/_\d+$/, '') : undefined);
  let current: string | undefined;
  for (const line of log.split('\n')) {
    const tag = /\[(step|job|workflow) ([^\]]+)\]/.exec(line);
    if (tag) current = tag[1] === 'workflow' ? undefined : stepOf(tag[2]!.trim());
    else if (/^(INFO|WARNING|ERROR|DEBUG) /.test(line)) current = undefined;
    if (current) out.set(current, [...(out.get(current) ?? []), line]);
  }
  return new Map([...out].map(([k, v]) => [k, tail(v.join('\n'))]));
}

/**
 * Toil's worker logs (`--writeLogs logs`): one file per job, named `CWLJob_<workflow>.<i>.<tool file>_kind-…`
 * with every `-` doubled; the step is the one running that tool file. Listed and read through the account's
 * file driver (confined to its home), only plain names of the run's own `logs/` folder.
 */
export async function toilStepLogs(driver: FileDriver, identity: FileIdentity, runDir: string, runs: ReadonlyMap<string, string | undefined>): Promise<Map<string, string>> {
  const dir = path.posix.join(runDir, runFiles.logs);
  const page = await driver.listDir(identity, dir, { limit: maxToilLogFiles }).catch(() => null);
  const parts = new Map<string, string[]>();
  for (const entry of (page?.entries ?? []).filter((e) => e.type === 'file').sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.includes('/') || entry.name.startsWith('.')) continue;
    const m = /^(?:failed_)?CWLJob_(.+?)_kind--/.exec(entry.name); // a failed job's log is `failed_CWLJob_…`
    const step = m ? toilStep(m[1]!.replaceAll('--', '-'), runs) : null;
    if (!step) continue;
    const text = await readText(driver, identity, path.posix.join(dir, entry.name), stepLogBytes);
    if (text !== null) parts.set(step, [...(parts.get(step) ?? []), `==> ${entry.name} <==\n${text}`]);
  }
  return new Map([...parts].map(([k, v]) => [k, tail(v.join('\n'))]));
}
