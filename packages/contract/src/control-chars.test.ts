import { describe, expect, it } from 'vitest';
import { controlCharProblems, hasControlChar } from './control-chars';
import { validationMessages } from './validators';

describe('control characters in input', () => {
  it('refuses NUL and the other C0 controls and DEL, keeps tab, line feed and carriage return', () => {
    for (const c of ['\u0000', '\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f']) expect(hasControlChar(`a${c}b`)).toBe(true);
    for (const text of ['line one\nline two\r\n\tindented', '#!/bin/bash\nsrun hostname', 'ssh-ed25519 AAAA… me@host', '中文 émoji 🚀']) expect(hasControlChar(text)).toBe(false);
  });

  it('names every string and key that holds one, at any depth, under the given root', () => {
    const value = { name: 'x\u0000', ok: 'fine\n', nested: { list: ['a', 'b\u0001'], ['k\u0000ey']: 'v' }, n: 1, flag: true, none: null };
    expect(controlCharProblems(value, 'body')).toEqual([
      { path: 'body.name', message: validationMessages.controlChars },
      { path: 'body.nested.list.1', message: validationMessages.controlChars },
      { path: 'body.nested.k?ey', message: validationMessages.controlChars },
    ]);
    expect(controlCharProblems('plain\u0000', 'body')).toEqual([{ path: 'body', message: validationMessages.controlChars }]);
    expect(controlCharProblems(Object.assign(Object.create(null) as object, { q: '\u0000' }), 'query')).toEqual([{ path: 'query.q', message: validationMessages.controlChars }]);
  });

  it('leaves bytes and streams alone (raw upload bodies are not text)', () => {
    expect(controlCharProblems(new Uint8Array([0, 1, 2]), 'body')).toEqual([]);
    expect(controlCharProblems({ pipe: () => undefined, data: '\u0000' }, 'body')).toEqual([]);
  });
});
