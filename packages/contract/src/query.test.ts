import { describe, it, expect } from 'vitest';
import { buildUrl, serializeQuery } from './query';

describe('serializeQuery (spec §5, §7)', () => {
  it('joins key=value pairs in insertion order', () => {
    expect(serializeQuery({ page: 2, page_size: 20, field_eq_status: 1 })).toBe('page=2&page_size=20&field_eq_status=1');
  });
  it('drops undefined, null and empty strings', () => {
    expect(serializeQuery({ a: undefined, b: null, c: '', d: 'x' })).toBe('d=x');
  });
  it('drops 0, false and NaN, as the spec says falsy', () => {
    expect(serializeQuery({ a: 0, b: false, c: Number.NaN, d: 1 })).toBe('d=1');
  });
  it("keeps the strings '0' and 'false' and a whitespace string", () => {
    expect(serializeQuery({ a: '0', b: 'false', c: ' ' })).toBe('a=0&b=false&c=%20');
  });
  it('writes true as true', () => {
    expect(serializeQuery({ cross: true })).toBe('cross=true');
  });
  it('repeats array keys', () => {
    expect(serializeQuery({ a: [1, 2] })).toBe('a=1&a=2');
  });
  it('drops empty items of an array', () => {
    expect(serializeQuery({ a: ['x', '', null, undefined, 0, false, 'y'] })).toBe('a=x&a=y');
  });
  it('drops an empty array altogether', () => {
    expect(serializeQuery({ a: [], b: ['', null], c: 'z' })).toBe('c=z');
  });
  it('URL-encodes keys and values', () => {
    expect(serializeQuery({ 'a b': 'x&y=z', name: '星光', path: '/home/u 1' })).toBe(
      'a%20b=x%26y%3Dz&name=%E6%98%9F%E5%85%89&path=%2Fhome%2Fu%201',
    );
  });
  it('returns an empty string for no params', () => {
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery()).toBe('');
  });
});

describe('buildUrl', () => {
  it('appends the query after a ?', () => {
    expect(buildUrl('/storage/dir_info', { dir: '/home/u' })).toBe('/storage/dir_info?dir=%2Fhome%2Fu');
  });
  it('returns the path alone when every value is dropped', () => {
    expect(buildUrl('/user/user', { a: '', b: 0 })).toBe('/user/user');
  });
  it('extends a query the path already has with &', () => {
    expect(buildUrl('/doconline?id=3', { page: 2 })).toBe('/doconline?id=3&page=2');
  });
  it('does not double a trailing ? or &', () => {
    expect(buildUrl('/a?', { b: 1 })).toBe('/a?b=1');
    expect(buildUrl('/a?x=1&', { b: 1 })).toBe('/a?x=1&b=1');
  });
  it('keeps a #fragment last', () => {
    expect(buildUrl('/a#top', { b: 1 })).toBe('/a?b=1#top');
  });
});
