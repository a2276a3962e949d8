import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { docBooks, docChapters, docDocuments, docImages, docVersions } from '../../db/schema/docs';

export type BookRow = typeof docBooks.$inferSelect;
export type ChapterRow = typeof docChapters.$inferSelect;
export type DocumentRow = typeof docDocuments.$inferSelect;
export type VersionRow = typeof docVersions.$inferSelect;
type DocumentInsert = typeof docDocuments.$inferInsert;

/** `%` and `_` in a search word are taken literally. */
const likeWord = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createDocsRepo(db: Database) {
  return {
    books: (ids?: number[]) =>
      db
        .select()
        .from(docBooks)
        .where(ids ? inArray(docBooks.id, ids) : undefined)
        .orderBy(asc(docBooks.position), asc(docBooks.id)),
    book: async (id: number) => (await db.select().from(docBooks).where(eq(docBooks.id, id)))[0],
    insertBook: async (row: typeof docBooks.$inferInsert) => (await db.insert(docBooks).values(row).returning())[0] as BookRow,
    updateBook: async (id: number, patch: Partial<typeof docBooks.$inferInsert>) =>
      (await db.update(docBooks).set({ ...patch, updatedAt: new Date() }).where(eq(docBooks.id, id)).returning())[0],
    deleteBook: async (id: number) => (await db.delete(docBooks).where(eq(docBooks.id, id)).returning({ id: docBooks.id })).length,

    chapters: (bookId: number) => db.select().from(docChapters).where(eq(docChapters.bookId, bookId)).orderBy(asc(docChapters.position), asc(docChapters.id)),
    chapter: async (id: number) => (await db.select().from(docChapters).where(eq(docChapters.id, id)))[0],
    insertChapter: async (row: typeof docChapters.$inferInsert) => (await db.insert(docChapters).values(row).returning())[0] as ChapterRow,
    updateChapter: async (id: number, patch: Partial<typeof docChapters.$inferInsert>) =>
      (await db.update(docChapters).set(patch).where(eq(docChapters.id, id)).returning())[0],
    deleteChapter: async (id: number) => (await db.delete(docChapters).where(eq(docChapters.id, id)).returning({ id: docChapters.id })).length,

    documents: (bookId: number) =>
      db.select().from(docDocuments).where(eq(docDocuments.bookId, bookId)).orderBy(asc(docDocuments.position), asc(docDocuments.id)),
    document: async (where: { id: number } | { slug: string }) =>
      (await db.select().from(docDocuments).where('id' in where ? eq(docDocuments.id, where.id) : eq(docDocuments.slug, where.slug)))[0],
    /** A document and its first version, together. */
    insertDocument: (row: DocumentInsert, note: string) =>
      db.transaction(async (tx) => {
        const doc = (await tx.insert(docDocuments).values(row).returning())[0] as DocumentRow;
        await tx.insert(docVersions).values({ documentId: doc.id, version: doc.version, title: doc.title, body: doc.body, editedBy: doc.updatedBy, note });
        return doc;
      }),
    /** The next version: the row changes only if nobody saved in between (`version` is the one the editor read). */
    updateDocument: (id: number, version: number, patch: Partial<DocumentInsert>, note: string) =>
      db.transaction(async (tx) => {
        const doc = (
          await tx
            .update(docDocuments)
            .set({ ...patch, version: version + 1, updatedAt: new Date() })
            .where(and(eq(docDocuments.id, id), eq(docDocuments.version, version)))
            .returning()
        )[0];
        if (!doc) return undefined;
        await tx.insert(docVersions).values({ documentId: id, version: doc.version, title: doc.title, body: doc.body, editedBy: doc.updatedBy, note });
        return doc;
      }),
    deleteDocument: async (id: number) => (await db.delete(docDocuments).where(eq(docDocuments.id, id)).returning({ id: docDocuments.id })).length,
    versions: (documentId: number) => db.select().from(docVersions).where(eq(docVersions.documentId, documentId)).orderBy(sql`${docVersions.version} desc`),

    /** Every word must occur (substring of the lower-cased text); title hits first. */
    search: async (words: string[], bookIds: number[], page: { limit: number; offset: number }) => {
      if (bookIds.length === 0) return { rows: [], total: 0 };
      const conditions: SQL[] = [inArray(docDocuments.bookId, bookIds), ...words.map((w) => ilike(docDocuments.searchText, likeWord(w)))];
      const where = and(...conditions);
      const first = words[0] ?? '';
      const [rows, count] = await Promise.all([
        db
          .select({ id: docDocuments.id, bookId: docDocuments.bookId, title: docDocuments.title, searchText: docDocuments.searchText })
          .from(docDocuments)
          .where(where)
          .orderBy(sql`case when lower(${docDocuments.title}) like ${likeWord(first)} then 0 else 1 end`, asc(docDocuments.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(docDocuments).where(where),
      ]);
      return { rows, total: count[0]?.n ?? 0 };
    },

    insertImage: (row: typeof docImages.$inferInsert) => db.insert(docImages).values(row),
    image: async (key: string) => (await db.select().from(docImages).where(eq(docImages.key, key)))[0],
    bookCount: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(docBooks))[0]?.n ?? 0,
  };
}

export type DocsRepo = ReturnType<typeof createDocsRepo>;
