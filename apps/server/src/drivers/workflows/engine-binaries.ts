import { access, constants } from 'node:fs/promises';
import path from 'node:path';

/** Where an engine is looked for (the server's PATH, then Debian's place). */
async function which(name: string): Promise<string | null> {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export const engineInstallHint = {
  cwltool: 'cwltool is not installed on this server: install it (Debian/Ubuntu: apt-get install cwltool) and restart',
  toil: 'toil-cwl-runner is not installed on the cluster: install it (Debian/Ubuntu: apt-get install toil) on the login and compute nodes',
} as const;

export const findCwltool = () => which('cwltool');
export const findToil = () => which('toil-cwl-runner');
/** bubblewrap, the sandbox of `sandbox.ts`. */
export const findBwrap = () => which('bwrap');
