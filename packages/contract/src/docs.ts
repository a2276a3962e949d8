import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { messageHtmlAllowList } from './messages';

/**
 * Documents (spec §2 /docoline, /doconline?id=…, /guide/user): markdown documents in books and chapters,
 * rendered to HTML on the server and sanitised with this allow list (the message list plus what a manual
 * needs: headings, images, tables, rules), and sanitised again in the browser with the same list.
 */
export const documentHtmlAllowList = {
  tags: [...messageHtmlAllowList.tags, 'h1', 'h2', 'h5', 'h6', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'div'],
  attributes: { ...messageHtmlAllowList.attributes, img: ['src', 'alt', 'title', 'width', 'height'], th: ['align'], td: ['align'] } as Record<
    string,
    string[]
  >,
  schemes: messageHtmlAllowList.schemes,
} as const;

/**
 * Who may read a book: `public` anyone, signed in or not (the /recruit and /test pages); `guide` holders of
 * query_book_stack (the user guide); `private` only document administrators (get_star_documents_admin).
 */
export const bookAccesses = ['public', 'guide', 'private'] as const;
export type BookAccess = (typeof bookAccesses)[number];
/** The content pages the public routes show, by slug; a fresh install has defaults for each. */
export const sitePageSlugs = ['recruit', 'test'] as const;
export type SitePageSlug = (typeof sitePageSlugs)[number];

const title = z.string().trim().min(1, 'required').max(200, 'at most 200 characters');
const description = z.string().max(2000, 'at most 2000 characters');
export const documentBodyMax = 200_000;
/** Slugs are how other places link a document (an app, an error message): lower-case words and dashes. */
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and "-", up to 63');

export const bookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  access: z.enum(bookAccesses),
  position: z.number().int(),
  updated_at: z.string(),
});
export type Book = z.infer<typeof bookSchema>;
export const bookCreateSchema = z.object({ name: title, description: description.default(''), access: z.enum(bookAccesses).default('guide'), position: z.number().int().min(0).max(10_000).default(0) }).strict();
export type BookCreate = z.infer<typeof bookCreateSchema>;
export const bookPatchSchema = bookCreateSchema.partial().strict().refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type BookPatch = z.infer<typeof bookPatchSchema>;

export const chapterSchema = z.object({ id: z.number().int(), book_id: z.number().int(), title: z.string(), position: z.number().int() });
export type Chapter = z.infer<typeof chapterSchema>;
export const chapterCreateSchema = z.object({ book_id: z.number().int().positive(), title, position: z.number().int().min(0).max(10_000).default(0) }).strict();
export type ChapterCreate = z.infer<typeof chapterCreateSchema>;
export const chapterPatchSchema = z.object({ title: title.optional(), position: z.number().int().min(0).max(10_000).optional() }).strict();
export type ChapterPatch = z.infer<typeof chapterPatchSchema>;

export const documentSummarySchema = z.object({
  id: z.number().int(),
  book_id: z.number().int(),
  chapter_id: z.number().int().nullable(),
  slug: z.string().nullable(),
  title: z.string(),
  position: z.number().int(),
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
export const documentSchema = documentSummarySchema.extend({
  /** The markdown source (editors change it). */
  body: z.string(),
  /** The rendered, sanitised HTML (documentHtmlAllowList). */
  html: z.string(),
  book_name: z.string(),
});
export type Document = z.infer<typeof documentSchema>;
export const documentCreateSchema = z
  .object({
    book_id: z.number().int().positive(),
    chapter_id: z.number().int().positive().nullable().default(null),
    slug: slug.nullable().default(null),
    title,
    body: z.string().max(documentBodyMax, `at most ${documentBodyMax} characters`).default(''),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type DocumentCreate = z.infer<typeof documentCreateSchema>;
export const documentPatchSchema = z
  .object({
    chapter_id: z.number().int().positive().nullable().optional(),
    slug: slug.nullable().optional(),
    title: title.optional(),
    body: z.string().max(documentBodyMax, `at most ${documentBodyMax} characters`).optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    /** What the editor says changed (kept with the version). */
    note: z.string().max(500).optional(),
    /** The version the editor started from: a newer one saved meanwhile answers 1409 instead of being overwritten. */
    base_version: z.number().int().positive().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== 'note' && k !== 'base_version'), 'nothing to change');
export type DocumentPatch = z.infer<typeof documentPatchSchema>;

export const bookTreeSchema = z.object({ book: bookSchema, chapters: z.array(chapterSchema), documents: z.array(documentSummarySchema) });
export type BookTree = z.infer<typeof bookTreeSchema>;

export const documentVersionSchema = z.object({ version: z.number().int(), title: z.string(), body: z.string(), edited_by: z.string(), note: z.string(), created_at: z.string() });
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const docSearchQuerySchema = pageQuerySchema.extend({ q: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'), book_id: z.coerce.number().int().positive().optional() });
export type DocSearchQuery = z.infer<typeof docSearchQuerySchema>;
export const docSearchHitSchema = z.object({ id: z.number().int(), book_id: z.number().int(), book_name: z.string(), title: z.string(), snippet: z.string() });
export type DocSearchHit = z.infer<typeof docSearchHitSchema>;

export const docIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const sitePageParamsSchema = z.object({ slug: z.enum(sitePageSlugs) });
export const sitePageSchema = z.object({ slug: z.enum(sitePageSlugs), title: z.string(), html: z.string(), document_id: z.number().int() });
export type SitePage = z.infer<typeof sitePageSchema>;

export const docImageMimes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const docImageMaxBytes = 2 * 1024 * 1024;
/** An image goes up as base64 in JSON (no multipart for one small file); the answer is the markdown to paste. */
export const docImageUploadSchema = z
  .object({ name: z.string().min(1).max(200), mime: z.enum(docImageMimes), data: z.string().max(Math.ceil((docImageMaxBytes * 4) / 3) + 4, 'at most 2 MiB').regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64') })
  .strict();
export const docImageSchema = z.object({ key: z.string(), url: z.string(), markdown: z.string() });
export const docImageParamsSchema = z.object({ key: z.string().regex(/^[a-f0-9]{32}$/, 'an image key') });
export const docDeletedSchema = z.object({ deleted: z.number().int() });
