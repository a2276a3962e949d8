import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, invalidInputSpecSchema, listSchema, maxPageSize, pageQuerySchema, toFieldErrors } from './envelope';

describe('pageQuerySchema (ARCHITECTURE §3: page, page_size max 100)', () => {
  it('defaults to page 1 of 20', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
  });
  it('coerces query strings to numbers', () => {
    expect(pageQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
  });
  it('caps page_size at 100: accepts 100, rejects 101', () => {
    expect(maxPageSize).toBe(100);
    expect(pageQuerySchema.parse({ page_size: '100' }).page_size).toBe(100);
    expect(pageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
  it('rejects page and page_size below 1', () => {
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page_size: '0' }).success).toBe(false);
  });
  it('rejects fractions and non-numbers', () => {
    for (const page of ['1.5', 'abc', '']) expect(pageQuerySchema.safeParse({ page }).success).toBe(false);
  });
});

describe('envelopeSchema (ARCHITECTURE §3: code, kind, spec, info, uuid)', () => {
  const schema = envelopeSchema(listSchema(z.object({ id: z.number() })));
  it('accepts a list envelope', () => {
    const reply = { code: 200, kind: 'list', spec: { list: [{ id: 1 }], total: 1 }, info: '', uuid: 'u-1' };
    expect(schema.parse(reply)).toEqual(reply);
  });
  it('rejects a reply missing uuid', () => {
    expect(schema.safeParse({ code: 200, kind: 'list', spec: { list: [], total: 0 }, info: '' }).success).toBe(false);
  });
  it('rejects a negative total', () => {
    expect(listSchema(z.number()).safeParse({ list: [], total: -1 }).success).toBe(false);
  });
});

describe('toFieldErrors (1400 replies and antd fields)', () => {
  const issues = z.object({ email: z.string(), page: z.object({ size: z.number() }) }).safeParse({ page: {} }).error?.issues ?? [];
  it('dots the path and keeps the message', () => {
    expect(toFieldErrors(issues).map((e) => e.path)).toEqual(['email', 'page.size']);
    expect(toFieldErrors([{ path: ['a', 0, 'b'], message: 'bad' }])).toEqual([{ path: 'a.0.b', message: 'bad' }]);
  });
  it('puts a prefix first', () => {
    expect(toFieldErrors([{ path: ['email'], message: 'x' }], 'body')).toEqual([{ path: 'body.email', message: 'x' }]);
    expect(toFieldErrors([{ path: [], message: 'x' }], 'body')).toEqual([{ path: 'body', message: 'x' }]);
  });
  it('fits the 1400 spec schema', () => {
    expect(invalidInputSpecSchema.safeParse({ fields: toFieldErrors(issues, 'query') }).success).toBe(true);
  });
});
