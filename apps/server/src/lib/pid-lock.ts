import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class LockHeldError extends Error {
  override name = 'LockHeldError';
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite takes no lock on its data folder and two processes writing it corrupt it, so we hold a
 * pid file beside it. A file left by a process that is gone is taken over.
 */
export function acquirePidLock(file: string, what: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
        throw new LockHeldError(`${what} is in use by another process (pid ${holder}); stop it first, or remove ${file} if it is gone`);
      rmSync(file, { force: true });
    }
  }
  throw new LockHeldError(`could not lock ${what} (${file})`);
}
