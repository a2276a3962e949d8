import { z } from 'zod';

/**
 * Storage (spec §3, §7 "Storage"): the bound account's files. Paths are what a user types: relative
 * to the home (`.` is the home) or absolute under it; the server refuses anything else (1400 / 1403).
 * dir_info answers 11502 (missing) and 1201 (not readable) as codes the caller tolerates.
 */

/** Server-side directory pages are costlier than table pages (the directory is read whole), so larger. */
export const maxDirPageSize = 1000;
export const defaultDirPageSize = 200;
/** Chunked uploads: the browser's default, and the bounds the server accepts. */
export const defaultChunkSize = 8 * 1024 * 1024;
export const minChunkSize = 64 * 1024;
export const maxChunkSize = 64 * 1024 * 1024;
/** Header carrying the hex SHA-256 of one chunk's bytes. */
export const chunkSha256Header = 'X-Chunk-Sha256';

const userPath = z.string().min(1).max(4096);
const sha256Hex = z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hex digits').transform((s) => s.toLowerCase());
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

export const fileTypes = ['file', 'dir', 'symlink', 'other'] as const;
export const fileEntrySchema = z.object({
  name: z.string(),
  type: z.enum(fileTypes),
  /** Bytes (a symbolic link: the length of its target text). */
  size: z.number().int().min(0),
  /** Milliseconds since the epoch. */
  mtime: z.number().int(),
  mode: z.number().int(),
  owner: z.string().optional(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const userStoragePathSchema = z.object({
  /** The home as the user sees it; absolute paths must lie under it. */
  path: z.string(),
  account: z.string(),
  driver: z.enum(['local', 'ssh']),
  /** Admin-set limit of one upload in bytes; null: unlimited. */
  upload_max_bytes: z.number().int().nullable(),
});
export type UserStoragePath = z.infer<typeof userStoragePathSchema>;

export const dirSortKeys = ['name', 'size', 'mtime'] as const;
export type DirSortKey = (typeof dirSortKeys)[number];

export const dirInfoQuerySchema = z.object({
  dir: userPath.default('.'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(maxDirPageSize).default(defaultDirPageSize),
  sort: z.enum(dirSortKeys).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Case-insensitive substring of the name. */
  filter: z.string().max(255).optional(),
});
export type DirInfoQuery = z.input<typeof dirInfoQuerySchema>;
export type DirInfoParams = z.infer<typeof dirInfoQuerySchema>;

export const dirInfoSchema = z.object({
  dir: z.string(),
  list: z.array(fileEntrySchema),
  /** Entries passing the filter, over every page. */
  total: z.number().int().min(0),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type DirInfo = z.infer<typeof dirInfoSchema>;

export const fileStateQuerySchema = z.object({
  file: userPath,
  /** The spec's caller sends cross=2; accepted, the answer is the same for every value. */
  cross: z.coerce.number().int().optional(),
});

/** A missing entry is not an error here: `exists: false` (so the upload dialog can ask before replacing). */
export const fileStateSchema = z.object({
  file: z.string(),
  exists: z.boolean(),
  entry: fileEntrySchema.nullable(),
});
export type FileState = z.infer<typeof fileStateSchema>;

export const previewTypes = ['text', 'image', 'pdf'] as const;
export type PreviewType = (typeof previewTypes)[number];
/** Bytes a preview may be; larger files are downloaded instead. */
export const previewMaxBytes: Record<PreviewType, number> = { text: 1024 * 1024, image: 20 * 1024 * 1024, pdf: 50 * 1024 * 1024 };

export const viewQuerySchema = z.object({ type: z.enum(previewTypes), file: userPath });
export type ViewQuery = z.infer<typeof viewQuerySchema>;

export const uploadQuerySchema = z.object({
  path: userPath,
  /** Replace an existing file; otherwise a taken name is 1409. */
  overwrite: flag.default(false),
  /** Expected SHA-256 of the body: a mismatch leaves nothing behind. */
  sha256: sha256Hex.optional(),
});
export type UploadQuery = z.input<typeof uploadQuerySchema>;
export type UploadParams = z.infer<typeof uploadQuerySchema>;

export const mkdirInputSchema = z.object({ path: userPath, parents: z.boolean().default(false) }).strict();
export type MkdirInput = z.input<typeof mkdirInputSchema>;
export type MkdirParams = z.infer<typeof mkdirInputSchema>;

export const renameInputSchema = z.object({ from: userPath, to: userPath, overwrite: z.boolean().default(false) }).strict();
export type RenameInput = z.input<typeof renameInputSchema>;
export type RenameParams = z.infer<typeof renameInputSchema>;

export const copyInputSchema = z.object({ from: userPath, to: userPath }).strict();
export type CopyInput = z.input<typeof copyInputSchema>;

export const removeQuerySchema = z.object({ path: userPath, permanent: flag.default(false) });
export type RemoveQuery = z.input<typeof removeQuerySchema>;
export const removeResultSchema = z.object({ trash_path: z.string().nullable() });

export const downloadQuerySchema = z.object({ path: userPath });

export const uploadSessionInputSchema = z
  .object({
    path: userPath,
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    chunk_size: z.number().int().min(minChunkSize).max(maxChunkSize).default(defaultChunkSize),
    /** Whole-file SHA-256; may instead come with `complete` (the browser hashes while it sends). */
    sha256: sha256Hex.optional(),
    overwrite: z.boolean().default(false),
  })
  .strict();
export type UploadSessionInput = z.input<typeof uploadSessionInputSchema>;

export const uploadSessionStates = ['open', 'completing', 'completed', 'failed', 'aborted'] as const;
export const uploadSessionSchema = z.object({
  id: z.string(),
  path: z.string(),
  size: z.number().int(),
  chunk_size: z.number().int(),
  chunk_count: z.number().int(),
  /** Indexes the server holds, verified, ascending. */
  received: z.array(z.number().int()),
  state: z.enum(uploadSessionStates),
  expires_at: z.string(),
});
export type UploadSession = z.infer<typeof uploadSessionSchema>;

export const uploadSessionParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
export const uploadChunkParamsSchema = uploadSessionParamsSchema.extend({ index: z.coerce.number().int().min(0) });
export const uploadCompleteInputSchema = z.object({ sha256: sha256Hex.optional() }).strict();
export type UploadCompleteInput = z.input<typeof uploadCompleteInputSchema>;
export const uploadChunkResultSchema = z.object({ index: z.number().int(), received: z.number().int() });

/** How many chunks a file of `size` bytes takes (an empty file: none). */
export function chunkCount(size: number, chunkSize: number): number {
  return Math.ceil(size / chunkSize);
}

/** The byte range [start, end) of chunk `index`. */
export function chunkRange(index: number, size: number, chunkSize: number): { start: number; end: number } {
  const start = index * chunkSize;
  return { start, end: Math.min(size, start + chunkSize) };
}

/** A read-only link to one file (spec §2 /datafile/view, public): signed by an unguessable token, expiring. */
export const maxShareSeconds = 7 * 24 * 3600;
export const shareLinkInputSchema = z
  .object({ path: userPath, expires_in_s: z.number().int().min(60).max(maxShareSeconds).default(24 * 3600) })
  .strict();
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>;
export const shareLinkSchema = z.object({
  token: z.string(),
  /** The console page to open: `/datafile/view?token=…`. */
  url_path: z.string(),
  expires_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const datafileQuerySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'not a link token') });
export const datafileInfoSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  mtime: z.number().int(),
  /** How the page can show it; null: download only. */
  preview: z.enum(previewTypes).nullable(),
  expires_at: z.string(),
});
export type DatafileInfo = z.infer<typeof datafileInfoSchema>;
