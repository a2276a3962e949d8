import { randomBytes } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import {
  docImageMaxBytes,
  type Book,
  type BookAccess,
  type BookCreate,
  type BookPatch,
  type BookTree,
  type Chapter,
  type ChapterCreate,
  type ChapterPatch,
  type DocSearchHit,
  type DocSearchQuery,
  type Document,
  type DocumentCreate,
  type DocumentPatch,
  type DocumentSummary,
  type DocumentVersion,
  type SitePage,
  type SitePageSlug,
} from '@starlight/contract/docs';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { BookRow, ChapterRow, DocsRepo, DocumentRow } from './docs.repo';
import { renderMarkdown, searchTextOf, searchWords, snippetOf } from './render';
import { siteDefaults } from './site-defaults';

const adminKey = 'get_star_documents_admin';
const isAdmin = (actor: Actor | null): boolean => !!actor?.permissions.includes(adminKey);
/** Who reads a book (contract bookAccesses); anyone else is told it does not exist (1404), never that it is private. */
export function mayRead(access: string, actor: Actor | null): boolean {
  if (access === 'public' || isAdmin(actor)) return true;
  return access === 'guide' && !!actor?.permissions.includes('query_book_stack');
}

const toBook = (row: BookRow): Book => ({
  id: row.id,
  name: row.name,
  description: row.description,
  access: row.access as BookAccess,
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
});
const toChapter = (row: ChapterRow): Chapter => ({ id: row.id, book_id: row.bookId, title: row.title, position: row.position });
const toSummary = (row: DocumentRow): DocumentSummary => ({
  id: row.id,
  book_id: row.bookId,
  chapter_id: row.chapterId,
  slug: row.slug,
  title: row.title,
  position: row.position,
  version: row.version,
  updated_by: row.updatedBy,
  updated_at: row.updatedAt.toISOString(),
});
const fieldError = (code: number, field: string, info: string) => new AppError(code, info, { fields: [{ path: field, message: info }] });
const isUniqueViolation = (error: unknown): boolean => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Documents and books (spec /docoline, /doconline, /guide/user, /recruit, /test). Writes need get_star_documents_admin (route). */
export function createDocsService({ repo }: { repo: DocsRepo }) {
  const readableBook = async (id: number, actor: Actor | null, field = 'params.id'): Promise<BookRow> => {
    const book = await repo.book(id);
    if (!book || !mayRead(book.access, actor)) throw field === 'params.id' ? notFound('book') : fieldError(Code.invalidInput, field, 'no such book');
    return book;
  };
  const readableDocument = async (id: number, actor: Actor | null) => {
    const doc = await repo.document({ id });
    const book = doc ? await repo.book(doc.bookId) : undefined;
    if (!doc || !book || !mayRead(book.access, actor)) throw notFound('document');
    return { doc, book };
  };
  const chapterOf = async (bookId: number, chapterId: number | null | undefined) => {
    if (chapterId == null) return;
    const chapter = await repo.chapter(chapterId);
    if (!chapter || chapter.bookId !== bookId) throw fieldError(Code.invalidInput, 'body.chapter_id', 'no such chapter in this book');
  };
  const slugTaken = () => fieldError(Code.conflict, 'body.slug', 'another document has this slug');
  const toDocument = (doc: DocumentRow, book: BookRow): Document => ({ ...toSummary(doc), body: doc.body, html: doc.html, book_name: book.name });

  return {
    async listBooks(actor: Actor | null): Promise<List<Book>> {
      const list = (await repo.books()).filter((b) => mayRead(b.access, actor)).map(toBook);
      return { list, total: list.length };
    },
    createBook: async (input: BookCreate) => toBook(await repo.insertBook(input)),
    async updateBook(id: number, patch: BookPatch) {
      const row = await repo.updateBook(id, patch);
      if (!row) throw notFound('book');
      return toBook(row);
    },
    async deleteBook(id: number) {
      if ((await repo.deleteBook(id)) === 0) throw notFound('book');
      return { deleted: 1 };
    },
    async tree(id: number, actor: Actor | null): Promise<BookTree> {
      const book = await readableBook(id, actor);
      const [chapters, documents] = await Promise.all([repo.chapters(id), repo.documents(id)]);
      return { book: toBook(book), chapters: chapters.map(toChapter), documents: documents.map(toSummary) };
    },
    async createChapter(input: ChapterCreate) {
      if (!(await repo.book(input.book_id))) throw fieldError(Code.invalidInput, 'body.book_id', 'no such book');
      return toChapter(await repo.insertChapter({ bookId: input.book_id, title: input.title, position: input.position }));
    },
    async updateChapter(id: number, patch: ChapterPatch) {
      const row = await repo.updateChapter(id, patch);
      if (!row) throw notFound('chapter');
      return toChapter(row);
    },
    async deleteChapter(id: number) {
      if ((await repo.deleteChapter(id)) === 0) throw notFound('chapter');
      return { deleted: 1 };
    },

    async document(id: number, actor: Actor | null): Promise<Document> {
      const { doc, book } = await readableDocument(id, actor);
      return toDocument(doc, book);
    },
    async versions(id: number, actor: Actor | null): Promise<List<DocumentVersion>> {
      await readableDocument(id, actor);
      const list = (await repo.versions(id)).map((v) => ({ version: v.version, title: v.title, body: v.body, edited_by: v.editedBy, note: v.note, created_at: v.createdAt.toISOString() }));
      return { list, total: list.length };
    },
    async createDocument(actor: Actor, input: DocumentCreate): Promise<Document> {
      const book = await readableBook(input.book_id, actor, 'body.book_id');
      await chapterOf(book.id, input.chapter_id);
      const html = renderMarkdown(input.body);
      try {
        const doc = await repo.insertDocument(
          { bookId: book.id, chapterId: input.chapter_id, slug: input.slug, title: input.title, body: input.body, html, searchText: searchTextOf(input.title, html), position: input.position, updatedBy: actor.userName },
          'created',
        );
        return toDocument(doc, book);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
    async updateDocument(actor: Actor, id: number, patch: DocumentPatch): Promise<Document> {
      const { doc, book } = await readableDocument(id, actor);
      if (patch.base_version !== undefined && patch.base_version !== doc.version)
        throw fieldError(Code.conflict, 'body.base_version', `version ${doc.version} was saved by ${doc.updatedBy} after the one you edited`);
      if (patch.chapter_id !== undefined) await chapterOf(book.id, patch.chapter_id);
      const title = patch.title ?? doc.title;
      const body = patch.body ?? doc.body;
      const html = renderMarkdown(body);
      const set = {
        title,
        body,
        html,
        searchText: searchTextOf(title, html),
        updatedBy: actor.userName,
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.position !== undefined ? { position: patch.position } : {}),
        ...(patch.chapter_id !== undefined ? { chapterId: patch.chapter_id } : {}),
      };
      try {
        const row = await repo.updateDocument(id, doc.version, set, patch.note ?? '');
        if (!row) throw fieldError(Code.conflict, 'body.base_version', 'the document was saved by someone else meanwhile');
        return toDocument(row, book);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
    async deleteDocument(id: number) {
      if ((await repo.deleteDocument(id)) === 0) throw notFound('document');
      return { deleted: 1 };
    },

    async search(actor: Actor | null, query: DocSearchQuery): Promise<List<DocSearchHit>> {
      const books = (await repo.books()).filter((b) => mayRead(b.access, actor) && (query.book_id === undefined || b.id === query.book_id));
      const names = new Map(books.map((b) => [b.id, b.name]));
      const words = searchWords(query.q);
      const { rows, total } = await repo.search(words, [...names.keys()], { limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { total, list: rows.map((r) => ({ id: r.id, book_id: r.bookId, book_name: names.get(r.bookId) ?? '', title: r.title, snippet: snippetOf(r.searchText, words) })) };
    },

    /** A public content page (/recruit, /test): the public document with that slug. */
    async sitePage(slug: SitePageSlug): Promise<SitePage> {
      const doc = await repo.document({ slug });
      const book = doc ? await repo.book(doc.bookId) : undefined;
      if (!doc || book?.access !== 'public') throw notFound('page');
      return { slug, title: doc.title, html: doc.html, document_id: doc.id };
    },

    async addImage(actor: Actor, documentId: number, input: { name: string; mime: string; data: string }, basePath: string) {
      await readableDocument(documentId, actor);
      const bytes = Buffer.from(input.data, 'base64');
      if (bytes.length === 0 || bytes.length > docImageMaxBytes) throw fieldError(Code.invalidInput, 'body.data', 'an image of 1 byte to 2 MiB');
      const key = randomBytes(16).toString('hex');
      await repo.insertImage({ key, documentId, name: input.name, contentType: input.mime, bytes, createdBy: actor.userName });
      const url = `${basePath}/doc/image/${key}`;
      return { key, url, markdown: `![${input.name.replace(/[[\]]/g, '')}](${url})` };
    },
    image: async (key: string) => {
      const row = await repo.image(key);
      if (!row) throw notFound('image');
      return row;
    },

    /** A fresh install: the public pages and a first guide book, so no page is ever empty. */
    async seedDefaults(): Promise<void> {
      if ((await repo.bookCount()) > 0) return;
      for (const seed of siteDefaults) {
        const book = await repo.insertBook({ name: seed.name, description: seed.description, access: seed.access, position: seed.position });
        for (const [position, d] of seed.documents.entries()) {
          const html = renderMarkdown(d.body);
          await repo.insertDocument({ bookId: book.id, slug: d.slug, title: d.title, body: d.body, html, searchText: searchTextOf(d.title, html), position, updatedBy: 'system' }, 'default');
        }
      }
    },
  };
}

export type DocsService = ReturnType<typeof createDocsService>;
