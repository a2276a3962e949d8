import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytes } from './profile';

const stamp = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A book of documents (spec /docoline); `access` says who reads it (contract bookAccesses). */
export const docBooks = pgTable('doc_books', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  access: text('access').notNull().default('guide'),
  position: integer('position').notNull().default(0),
  updatedAt: stamp('updated_at'),
});

export const docChapters = pgTable(
  'doc_chapters',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => docBooks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('doc_chapters_book_idx').on(t.bookId)],
);

/**
 * A markdown document. `html` is the rendered, sanitised body (rendered once when saved, not per read);
 * `searchText` the lower-cased title and plain text, searched by substring so Chinese (no spaces between
 * words) is found as well as English, on PGlite and PostgreSQL alike, through a pg_trgm GIN index.
 */
export const docDocuments = pgTable(
  'doc_documents',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => docBooks.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => docChapters.id, { onDelete: 'set null' }),
    slug: text('slug'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    html: text('html').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').notNull(),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    uniqueIndex('doc_documents_slug_key').on(t.slug),
    index('doc_documents_book_idx').on(t.bookId),
    // trigram index (pg_trgm, created by db/client.ts before migrating): serves the ILIKE '%word%' search; a
    // word too short for a trigram (one or two CJK characters) is still answered, by the recheck
    index('doc_documents_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Every saved version of a document: who changed what, when (the current one included). */
export const docVersions = pgTable(
  'doc_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => docDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    editedBy: text('edited_by').notNull(),
    note: text('note').notNull().default(''),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('doc_versions_doc_version_key').on(t.documentId, t.version)],
);

/** Images uploaded into a document, in the database so every instance serves them; the random key is the handle. */
export const docImages = pgTable(
  'doc_images',
  {
    key: text('key').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => docDocuments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytes('bytes').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [index('doc_images_doc_idx').on(t.documentId)],
);
