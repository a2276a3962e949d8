import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './rich-text';

const payloads = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../test/xss-payloads.json'), 'utf8')) as string[];

// Spec §5 / issue 11: every stored rich text goes through this one sanitiser. Each payload of the XSS
// table alone: nothing that can run survives (the browser renders these again in e2e/xss.spec.ts).
describe('the rich-text sanitiser against the XSS table', () => {
  it('has at least 40 payloads', () => expect(payloads.length).toBeGreaterThanOrEqual(40));
  it.each(payloads.map((p, i) => [i + 1, p] as const))('payload %i keeps no script, handler, style or dangerous URL', (_n, payload) => {
    const clean = sanitizeMessageHtml(payload);
    expect(clean).not.toMatch(/<(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|textarea|select|img|video|audio|details|marquee|template|body|table|noscript)\b/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/\sstyle\s*=/i);
    // a link keeps a relative target or one of the allowed schemes; never another scheme nor //host
    for (const [, href] of clean.matchAll(/href\s*=\s*"([^"]*)"/gi)) {
      expect(href).not.toMatch(/^\s*\/\//);
      if (/^\s*[a-z][\w+.-]*:/i.test(href!)) expect(href).toMatch(/^(https?|mailto):/i);
    }
  });
});
