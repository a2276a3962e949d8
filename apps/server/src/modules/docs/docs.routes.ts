import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '@starlight/contract/codes';
import { listSchema } from '@starlight/contract/envelope';
import {
  bookCreateSchema,
  bookPatchSchema,
  bookSchema,
  bookTreeSchema,
  chapterCreateSchema,
  chapterPatchSchema,
  chapterSchema,
  docDeletedSchema,
  docIdParamsSchema,
  docImageParamsSchema,
  docImageSchema,
  docImageUploadSchema,
  docSearchHitSchema,
  docSearchQuerySchema,
  documentCreateSchema,
  documentPatchSchema,
  documentSchema,
  documentVersionSchema,
  sitePageParamsSchema,
  sitePageSchema,
} from '@starlight/contract/docs';
import { ok, replies, sendEnvelope } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { DocsService } from './docs.service';

const tags = ['docs'];
/** Reading: any signed-in user; each book's access (public / guide = query_book_stack / private) is checked in the service. */
const read = { perms: [] as const };
/** Managing books, chapters, documents and images: the documents administrator key. */
const write = { perms: ['get_star_documents_admin'] as const };

/** Documents (ours, in the spec's style): /doc/book, /doc/chapter, /doc/document, /doc/search, /doc/page/:slug, /doc/image/:key. */
export const docsRoutes: FastifyPluginAsyncZod<{ docs: DocsService; basePath: string }> = async (app, { docs, basePath }) => {
  app.get('/doc/book', { config: read, schema: { tags, summary: 'Books the caller may read', response: replies(listSchema(bookSchema)) } }, async (request) =>
    ok(request.id, 'book', await docs.listBooks(actorOf(request))),
  );
  app.post('/doc/book', { config: write, schema: { tags, summary: 'Create a book', body: bookCreateSchema, response: replies(bookSchema) } }, async (request) =>
    ok(request.id, 'book', await docs.createBook(request.body)),
  );
  app.patch(
    '/doc/book/:id',
    { config: write, schema: { tags, summary: 'Change a book', params: docIdParamsSchema, body: bookPatchSchema, response: replies(bookSchema) } },
    async (request) => ok(request.id, 'book', await docs.updateBook(request.params.id, request.body)),
  );
  app.delete(
    '/doc/book/:id',
    { config: write, schema: { tags, summary: 'Delete a book with its chapters and documents', params: docIdParamsSchema, response: replies(docDeletedSchema) } },
    async (request) => ok(request.id, 'book', await docs.deleteBook(request.params.id)),
  );
  app.get(
    '/doc/book/:id/tree',
    { config: read, schema: { tags, summary: 'A book: its chapters and documents (1404 when the caller may not read it)', params: docIdParamsSchema, response: replies(bookTreeSchema) } },
    async (request) => ok(request.id, 'book', await docs.tree(request.params.id, actorOf(request))),
  );

  app.post('/doc/chapter', { config: write, schema: { tags, summary: 'Create a chapter', body: chapterCreateSchema, response: replies(chapterSchema) } }, async (request) =>
    ok(request.id, 'chapter', await docs.createChapter(request.body)),
  );
  app.patch(
    '/doc/chapter/:id',
    { config: write, schema: { tags, summary: 'Change a chapter', params: docIdParamsSchema, body: chapterPatchSchema, response: replies(chapterSchema) } },
    async (request) => ok(request.id, 'chapter', await docs.updateChapter(request.params.id, request.body)),
  );
  app.delete(
    '/doc/chapter/:id',
    { config: write, schema: { tags, summary: 'Delete a chapter (its documents stay in the book)', params: docIdParamsSchema, response: replies(docDeletedSchema) } },
    async (request) => ok(request.id, 'chapter', await docs.deleteChapter(request.params.id)),
  );

  app.get(
    '/doc/document/:id',
    { config: read, schema: { tags, summary: 'A document, rendered (the /doconline?id= page)', params: docIdParamsSchema, response: replies(documentSchema) } },
    async (request) => ok(request.id, 'document', await docs.document(request.params.id, actorOf(request))),
  );
  app.get(
    '/doc/document/:id/versions',
    { config: read, schema: { tags, summary: 'Every version of a document: who changed what, newest first', params: docIdParamsSchema, response: replies(listSchema(documentVersionSchema)) } },
    async (request) => ok(request.id, 'document_version', await docs.versions(request.params.id, actorOf(request))),
  );
  app.post('/doc/document', { config: write, schema: { tags, summary: 'Create a document', body: documentCreateSchema, response: replies(documentSchema) } }, async (request) =>
    ok(request.id, 'document', await docs.createDocument(actorOf(request), request.body)),
  );
  app.patch(
    '/doc/document/:id',
    { config: write, schema: { tags, summary: 'Save a new version (1409 when base_version is stale)', params: docIdParamsSchema, body: documentPatchSchema, response: replies(documentSchema) } },
    async (request) => ok(request.id, 'document', await docs.updateDocument(actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/doc/document/:id',
    { config: write, schema: { tags, summary: 'Delete a document', params: docIdParamsSchema, response: replies(docDeletedSchema) } },
    async (request) => ok(request.id, 'document', await docs.deleteDocument(request.params.id)),
  );
  app.get(
    '/doc/search',
    { config: read, schema: { tags, summary: 'Documents of readable books containing every word (Chinese too)', querystring: docSearchQuerySchema, response: replies(listSchema(docSearchHitSchema)) } },
    async (request) => ok(request.id, 'document', await docs.search(actorOf(request), request.query)),
  );

  app.get(
    '/doc/page/:slug',
    // Public: the /recruit and /test pages are shown before any login; only documents of public books answer.
    { config: { public: true }, schema: { tags, summary: 'A public content page', params: sitePageParamsSchema, response: replies(sitePageSchema) } },
    async (request) => ok(request.id, 'page', await docs.sitePage(request.params.slug)),
  );
  app.post(
    '/doc/document/:id/image',
    { config: write, bodyLimit: 3 * 1024 * 1024, schema: { tags, summary: 'Upload an image into a document (base64); answers the markdown to paste', params: docIdParamsSchema, body: docImageUploadSchema, response: replies(docImageSchema) } },
    async (request) => ok(request.id, 'image', await docs.addImage(actorOf(request), request.params.id, request.body, basePath)),
  );
  app.get(
    '/doc/image/:key',
    // Public so an <img> loads it without the token header; keys are 128 random bits, listed nowhere but the document.
    { config: { public: true }, schema: { tags, summary: 'An image of a document', params: docImageParamsSchema } },
    async (request, reply) => {
      const image = await docs.image(request.params.key).catch(() => null);
      if (!image) return sendEnvelope(reply, Code.notFound, 'error', null, 'image not found');
      return reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=86400, immutable').header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  );
};
