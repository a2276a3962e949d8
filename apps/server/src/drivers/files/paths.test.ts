import { Code } from '@starlight/contract/codes';
import { describe, expect, it } from 'vitest';
import { FileError } from './file-error';
import { checkAccount, isWithin, parseUserPath, toHomeSegments } from './paths';

const home = '/home/alice';
const refusal = (fn: () => unknown): string => {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    return err instanceof FileError ? `${err.code} ${err.reason}` : String(err);
  }
};

describe('user paths', () => {
  it.each([
    ['.', []],
    ['a/b', ['a', 'b']],
    ['a//b/', ['a', 'b']],
    ['./a/./b', ['a', 'b']],
    ['a/../b', ['b']],
    ['a/b/..', ['a']],
    [home, []],
    [`${home}/`, []],
    [`${home}/x/y`, ['x', 'y']],
    [`${home}/x/../y`, ['y']],
    [`/home/../home/alice/z`, ['z']],
    ['/../home/alice/z', ['z']],
    ['%2e%2e/x', ['%2e%2e', 'x']],
    ['~bob/x', ['~bob', 'x']],
    ['.../x', ['...', 'x']],
    ['\uff0e\uff0e/x', ['\uff0e\uff0e', 'x']],
    ['名前/ファイル.txt', ['名前', 'ファイル.txt']],
    ['é'.repeat(127), ['é'.repeat(127)]],
  ])('places %j under the home as %j', (input, segments) => {
    expect(toHomeSegments(input, home)).toEqual(segments);
  });

  it.each([
    ['..', `${Code.forbidden} outside-home`],
    ['a/../../b', `${Code.forbidden} outside-home`],
    ['/etc/passwd', `${Code.forbidden} outside-home`],
    ['/home/alicex/y', `${Code.forbidden} outside-home`],
    ['/home', `${Code.forbidden} outside-home`],
    [`${home}/../bob`, `${Code.forbidden} outside-home`],
    ['', `${Code.invalidInput} empty`],
    ['a\u0000', `${Code.invalidInput} nul-byte`],
    ['a\nb', `${Code.invalidInput} control-char`],
    ['a\u009bb', `${Code.invalidInput} control-char`],
    ['a\u2029b', `${Code.invalidInput} control-char`],
    ['a\udc00', `${Code.invalidInput} malformed`],
    ['a\\b', `${Code.invalidInput} backslash`],
    ['x'.repeat(256), `${Code.invalidInput} too-long`],
    ['a/'.repeat(2049), `${Code.invalidInput} too-long`],
    ['.starlight-part-x', `${Code.invalidInput} reserved-name`],
  ])('refuses %j with %s', (input, expected) => {
    expect(refusal(() => toHomeSegments(input, home))).toBe(expected);
  });

  it('refuses what is not a string', () => {
    for (const input of [undefined, null, 42, ['a'], { toString: () => 'a' }])
      expect(refusal(() => parseUserPath(input))).toBe(`${Code.invalidInput} malformed`);
  });

  it('accepts a path of exactly 4096 bytes and names of exactly 255', () => {
    const path = `${'n'.repeat(255)}/`.repeat(16); // 16 × 256 = 4096 bytes
    expect(toHomeSegments(path, home)).toHaveLength(16);
    expect(refusal(() => toHomeSegments(`${path}a`, home))).toBe(`${Code.invalidInput} too-long`);
  });

  it('compares containment by whole segments', () => {
    expect(isWithin('/home/alice', '/home/alice')).toBe(true);
    expect(isWithin('/home/alice', '/home/alice/x')).toBe(true);
    expect(isWithin('/home/alice', '/home/alicex')).toBe(false);
    expect(isWithin('/home/alice', '/home')).toBe(false);
    expect(isWithin('/', '/anything')).toBe(true);
  });

  it('accepts only plain system account names', () => {
    expect(checkAccount('alice')).toBe('alice');
    expect(checkAccount('svc_user-1.x')).toBe('svc_user-1.x');
    for (const bad of ['', '../bob', 'a/b', '-rf', '.hidden', 'x'.repeat(33), 'a b', 'ali\nce', 7])
      expect(refusal(() => checkAccount(bad))).toBe(`${Code.invalidInput} invalid-account`);
  });
});
