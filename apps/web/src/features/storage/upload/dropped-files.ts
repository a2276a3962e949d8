/**
 * Files and folders from a drop or a picker, each with the path it should get under the current
 * directory. Folders are walked through the File and Directory Entries API (webkitGetAsEntry);
 * `readEntries` answers in batches, so it is called until it returns none.
 */

export interface PickedFile {
  file: File;
  /** Relative path, `/`-separated (`folder/sub/name.txt`, or just the name). */
  relativePath: string;
}

type Entry = FileSystemEntry;

const fileOf = (entry: FileSystemFileEntry): Promise<File> => new Promise((resolve, reject) => entry.file(resolve, reject));

async function readAllEntries(dir: FileSystemDirectoryEntry): Promise<Entry[]> {
  const reader = dir.createReader();
  const all: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: Entry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) out.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath: path });
  else if (entry.isDirectory) for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
}

export async function filesFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(transfer.items)
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((entry): entry is Entry => Boolean(entry));
  if (entries.length === 0) return Array.from(transfer.files, (file) => ({ file, relativePath: file.name }));
  const out: PickedFile[] = [];
  for (const entry of entries) await walk(entry, '', out);
  return out;
}

/** From an <input type="file"> (with `webkitdirectory`, each file carries its relative path). */
export const filesFromInput = (list: FileList): PickedFile[] =>
  Array.from(list, (file) => ({ file, relativePath: file.webkitRelativePath || file.name }));

/** The directories to make before the files go in, parents first. */
export function directoriesOf(files: readonly PickedFile[]): string[] {
  const dirs = new Set<string>();
  for (const { relativePath } of files) {
    const parts = relativePath.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}
