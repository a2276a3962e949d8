import { describe, expect, it } from 'vitest';
import { captchaAlphabet, captchaLength, captchaText, renderCaptcha } from './captcha-image';

const glyphPaths = (svg: string): string[] => [...svg.matchAll(/<path fill="hsl[^"]*" d="([^"]+)"\/>/g)].map((m) => m[1] ?? '');
/** A path's data moved so that its first point is the origin: equal for two copies of one outline placed apart. */
const normalised = (d: string): string => {
  const numbers = d.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const [x0 = 0, y0 = 0] = numbers;
  return numbers.map((v, i) => (v - (i % 2 === 0 ? x0 : y0)).toFixed(0)).join(',');
};

describe('the sign-in captcha picture', () => {
  it(`asks for ${captchaLength} glyphs from an alphabet without look-alikes, drawn at random`, () => {
    const answers = Array.from({ length: 400 }, captchaText);
    for (const answer of answers) expect(answer).toMatch(new RegExp(`^[${captchaAlphabet}]{${captchaLength}}$`));
    expect(new Set(answers).size).toBeGreaterThanOrEqual(398);
    // every symbol turns up, none dominates (400 × 6 draws over 28 symbols: ~86 each)
    const counts = new Map<string, number>();
    for (const ch of answers.join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(captchaAlphabet.length);
    expect(Math.max(...counts.values())).toBeLessThan(160);
    expect(captchaAlphabet).not.toMatch(/[01ilo]/);
  });

  it('holds the answer in no text: no text node, no font, the glyphs as warped outlines', () => {
    for (const answer of ['wxyzkm', 'h7t8qp', '234567', captchaText()]) {
      const svg = renderCaptcha(answer);
      expect(svg).not.toMatch(/<text|<tspan|font|<title|<desc|aria-|data-/i);
      expect(svg.toLowerCase()).not.toContain(answer);
      // the markup is four kinds of element, known attributes, and values that are colours or path data
      expect(new Set([...svg.matchAll(/<(\w+)/g)].map((m) => m[1]))).toEqual(new Set(['svg', 'rect', 'path', 'circle']));
      for (const [, name, value] of svg.matchAll(/([\w-]+)="([^"]*)"/g)) {
        expect(['xmlns', 'width', 'height', 'viewBox', 'fill', 'fill-opacity', 'stroke', 'stroke-width', 'd', 'cx', 'cy', 'r']).toContain(name);
        expect(value).toMatch(/^(hsl\([\d %]+\)|[MLQCZmlqcz\d .%-]*|none|http:\/\/www\.w3\.org\/2000\/svg)$/);
      }
    }
  });

  it('draws the same answer differently each time: no glyph outline repeats, even moved', () => {
    const [first, second] = [renderCaptcha('aabb22'), renderCaptcha('aabb22')];
    expect(first).not.toBe(second);
    const [a, b] = [glyphPaths(first), glyphPaths(second)];
    expect(a).toHaveLength(6);
    expect(first.match(/fill-opacity/g)).toHaveLength(4); // filled decoys the size and colours of glyph parts
    const shapes = [...a, ...b].map(normalised);
    // the two a's, the two b's and the two 2's of one picture differ too (own rotation, shear, scale, case and warp)
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('mixes the glyphs with noise lines and dots, in random order', () => {
    const svg = renderCaptcha('wxyzkm');
    expect(svg.match(/<path d="[^"]+" stroke=/g)).toHaveLength(4);
    expect(svg.match(/<circle /g)).toHaveLength(40);
    const orders = new Set(Array.from({ length: 5 }, () => renderCaptcha('wxyzkm').replace(/<(\w+)[^>]*>/g, '$1 ').slice(0, 120)));
    expect(orders.size).toBeGreaterThan(1);
  });
});
