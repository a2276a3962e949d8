import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Book, BookTree, DocSearchHit, Document, DocumentVersion, SitePage } from '@starlight/contract/docs';
import { adminToken, call, createUser, setKeys, userPassword } from './admin-helpers';
import { api, login, startTestApp, stopTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let reader: string;
let plain: string;
const fields = (e: { spec: unknown }) => ((e.spec as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  await createUser(t, admin, 'doc-reader');
  await createUser(t, admin, 'doc-plain');
  await setKeys(t, admin, 'doc-reader', 'guide-reader', ['query_book_stack']);
  reader = await login(t.app, 'doc-reader', userPassword);
  plain = await login(t.app, 'doc-plain', userPassword);
});
afterAll(() => stopTestApp(t));

describe('documents and the user guide', () => {
  it('a fresh install serves /recruit and /test without a login, and a guide book to query_book_stack holders', async () => {
    for (const slug of ['recruit', 'test']) {
      const page = await call<SitePage>(t, null, 'GET', `/doc/page/${slug}`);
      expect(page.code, slug).toBe(200);
      expect(page.spec.html).toContain('<h2');
    }
    expect((await call(t, null, 'GET', '/doc/page/other')).code).toBe(1400);
    const readerBooks = await call<List<Book>>(t, reader, 'GET', '/doc/book');
    expect(readerBooks.spec.list.map((b) => b.access).sort()).toEqual(['guide', 'public']);
    const plainBooks = await call<List<Book>>(t, plain, 'GET', '/doc/book');
    expect(plainBooks.spec.list.map((b) => b.access)).toEqual(['public']);
  });

  it('renders markdown sanitised: no script, no javascript: link, no event handler', async () => {
    const book = await call<Book>(t, admin, 'POST', '/doc/book', { name: 'Ops', access: 'guide' });
    const doc = await call<Document>(t, admin, 'POST', '/doc/document', {
      book_id: book.spec.id,
      title: '作业调度',
      body: '# 标题\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> [ok](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    });
    expect(doc.code).toBe(200);
    expect(doc.spec.html).not.toMatch(/<script|href="javascript:|onerror/i);
    expect(doc.spec.html).toContain('<a target="_blank" rel="noopener noreferrer">x</a>');
    expect(doc.spec.html).toContain('<table>');
    expect(doc.spec.html).toContain('href="https://example.com"');
    expect(doc.spec.html).toContain('rel="noopener noreferrer"');
  });

  it('keeps every version with who changed it, and refuses a stale save with 1409', async () => {
    const book = await call<Book>(t, admin, 'POST', '/doc/book', { name: 'Versions', access: 'guide' });
    const doc = await call<Document>(t, admin, 'POST', '/doc/document', { book_id: book.spec.id, title: 'v', body: 'one' });
    const saved = await call<Document>(t, admin, 'PATCH', `/doc/document/${doc.spec.id}`, { body: 'two', note: 'second', base_version: 1 });
    expect(saved.spec).toMatchObject({ version: 2, updated_by: 'admin' });
    const stale = await call(t, admin, 'PATCH', `/doc/document/${doc.spec.id}`, { body: 'lost?', base_version: 1 });
    expect(stale.code).toBe(1409);
    expect(fields(stale)).toEqual(['body.base_version']);
    const versions = await call<List<DocumentVersion>>(t, reader, 'GET', `/doc/document/${doc.spec.id}/versions`);
    expect(versions.spec.list.map((v) => [v.version, v.body, v.edited_by, v.note])).toEqual([
      [2, 'two', 'admin', 'second'],
      [1, 'one', 'admin', 'created'],
    ]);
  });

  it('finds a page by a Chinese word, only in books the caller may read', async () => {
    const priv = await call<Book>(t, admin, 'POST', '/doc/book', { name: 'Secret', access: 'private' });
    const secret = await call<Document>(t, admin, 'POST', '/doc/document', { book_id: priv.spec.id, title: '内部', body: '集群维护计划' });
    const found = await call<List<DocSearchHit>>(t, reader, 'GET', `/doc/search?q=${encodeURIComponent('核时')}`);
    expect(found.spec.list.map((h) => h.title)).toContain('快速入门 / Getting started');
    expect(found.spec.list[0]?.snippet).toContain('核时');
    expect((await call<List<DocSearchHit>>(t, reader, 'GET', `/doc/search?q=${encodeURIComponent('维护')}`)).spec.total).toBe(0);
    expect((await call<List<DocSearchHit>>(t, admin, 'GET', `/doc/search?q=${encodeURIComponent('维护')}`)).spec.total).toBe(1);
    // a private book's document is 1404 for a reader (not 1403: its existence is not told)
    expect((await call(t, reader, 'GET', `/doc/document/${secret.spec.id}`)).code).toBe(1404);
    expect((await call<BookTree>(t, reader, 'GET', `/doc/book/${priv.spec.id}/tree`)).code).toBe(1404);
    expect(fields(await call(t, reader, 'GET', '/doc/search?q='))).toEqual(['query.q']);
    // `%` is a literal, not "everything"
    expect((await call<List<DocSearchHit>>(t, admin, 'GET', '/doc/search?q=%25')).spec.total).toBe(0);
  });

  it('answers the search from a pg_trgm index, and Chinese words long and short are still found', async () => {
    const book = await call<Book>(t, admin, 'POST', '/doc/book', { name: 'Trigram', access: 'public' });
    await call<Document>(t, admin, 'POST', '/doc/document', { book_id: book.spec.id, title: '作业调度 / Scheduling', body: '作业提交后进入排队队列，调度器按优先级分配节点。Preemption rules apply.' });
    const search = async (q: string) => (await call<List<DocSearchHit>>(t, reader, 'GET', `/doc/search?q=${encodeURIComponent(q)}`)).spec.list.map((h) => h.title);
    for (const q of ['调度器按优先级', '排队', '队', 'preemption', 'PREEMPT']) expect(await search(q)).toContain('作业调度 / Scheduling');
    expect(await search('调度器按优先级分配磁盘')).toEqual([]);

    const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
    const indexes = rows<{ indexdef: string }>(await t.database.db.execute(sql`select indexdef from pg_indexes where indexname = 'doc_documents_search_trgm_idx'`));
    expect(indexes[0]?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    // the planner can answer the search's ILIKE from it (sequential scans off: the table is tiny here)
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<Record<string, string>>(await tx.execute(sql`explain select id from doc_documents where search_text ilike ${'%preemption%'}`))
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('doc_documents_search_trgm_idx');
  });

  it('refuses writes without get_star_documents_admin and bad input naming the field', async () => {
    expect((await call(t, reader, 'POST', '/doc/book', { name: 'x' })).code).toBe(1403);
    expect(fields(await call(t, admin, 'POST', '/doc/book', { name: '' }))).toEqual(['body.name']);
    expect(fields(await call(t, admin, 'POST', '/doc/book', { name: 'x', access: 'world' }))).toEqual(['body.access']);
    expect(fields(await call(t, admin, 'POST', '/doc/document', { book_id: 99999, title: 'x' }))).toEqual(['body.book_id']);
    const dup = await call(t, admin, 'POST', '/doc/document', { book_id: 1, title: 'x', slug: 'recruit' });
    expect(dup.code).toBe(1409);
    expect(fields(dup)).toEqual(['body.slug']);
  });

  it('stores an uploaded image and serves it to an <img> without a token', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const up = await call<{ url: string; markdown: string }>(t, admin, 'POST', '/doc/document/1/image', { name: 'dot.png', mime: 'image/png', data: png.toString('base64') });
    expect(up.code).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: up.spec.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: api('/doc/image/00000000000000000000000000000000') })).statusCode).toBe(404);
    expect(fields(await call(t, admin, 'POST', '/doc/document/1/image', { name: 'x', mime: 'image/svg+xml', data: 'AA==' }))).toEqual(['body.mime']);
  });
});
