/**
 * Upload sessions remembered in local storage, so a reloaded browser resumes: the same file (same
 * target, size and modification time) dropped again continues from the chunks the server holds.
 */

export interface RememberedUpload {
  id: string;
  name: string;
  target: string;
  size: number;
  savedAt: number;
}

export const resumeStorageKey = 'starlight.uploads';
/** The server forgets sessions after a day by default; so do we. */
const maxAgeMs = 24 * 60 * 60 * 1000;

function readAll(): Record<string, RememberedUpload> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(resumeStorageKey) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, RememberedUpload>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, RememberedUpload>): void {
  try {
    window.localStorage.setItem(resumeStorageKey, JSON.stringify(all));
  } catch {
    // storage full or blocked: the upload still works, it just cannot resume after a reload
  }
}

export function recallUpload(key: string, now = Date.now()): RememberedUpload | undefined {
  const found = readAll()[key];
  return found && now - found.savedAt < maxAgeMs ? found : undefined;
}

export function rememberUpload(key: string, upload: RememberedUpload): void {
  writeAll({ ...readAll(), [key]: upload });
}

export function forgetUpload(key: string): void {
  const all = readAll();
  delete all[key];
  writeAll(all);
}

/** Unfinished uploads of the last day, newest first (shown so the user knows what to drop again). */
export function unfinishedUploads(now = Date.now()): RememberedUpload[] {
  return Object.values(readAll())
    .filter((u) => now - u.savedAt < maxAgeMs)
    .sort((a, b) => b.savedAt - a.savedAt);
}
