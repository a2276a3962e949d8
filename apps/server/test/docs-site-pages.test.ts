import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document, SitePage } from '@starlight/contract/docs';
import { adminToken, call, createUser, userPassword } from './admin-helpers';
import { login, startTestApp, stopTestApp, type TestApp } from './helpers';

/* Issue 15 "Public pages": /recruit and /test are documents an admin edits; the public page shows the edit. */
let t: TestApp;
let admin: string;
let plain: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  await createUser(t, admin, 'site-plain');
  plain = await login(t.app, 'site-plain', userPassword);
});
afterAll(() => stopTestApp(t));

describe('public site pages', () => {
  it("shows an admin's edit of /recruit and /test on the public page, sanitised; a plain user may not edit them", async () => {
    for (const slug of ['recruit', 'test'] as const) {
      const before = await call<SitePage>(t, null, 'GET', `/doc/page/${slug}`);
      expect(before.code, slug).toBe(200);
      const body = `## ${slug} edited\n\nOpen positions: **three**.<script>alert(1)</script>`;
      expect((await call(t, plain, 'PATCH', `/doc/document/${before.spec.document_id}`, { body })).code, slug).toBe(1403);
      const saved = await call<Document>(t, admin, 'PATCH', `/doc/document/${before.spec.document_id}`, { body, note: 'site page edit' });
      expect(saved.code, slug).toBe(200);
      const after = await call<SitePage>(t, null, 'GET', `/doc/page/${slug}`);
      expect(after.code, slug).toBe(200);
      expect(after.spec.html, slug).toContain(`${slug} edited`);
      expect(after.spec.html, slug).toContain('<strong>three</strong>');
      expect(after.spec.html, slug).not.toContain('<script');
      expect(after.spec.html, slug).not.toBe(before.spec.html);
    }
  });
});
