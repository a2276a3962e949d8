import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/**
 * The captcha picture, drawn by us from svg-captcha's font (its own renderer puts each glyph, barely jittered, in one
 * path left to right, which a screenshot OCR read at the first try). Here every glyph is scaled, sheared and rotated
 * on its own, the whole line bent by two sine waves (a warp no affine match to the font undoes), each glyph in its own
 * dark colour, its contours in random order, and everything shuffled among curved noise lines (some in glyph
 * colours), filled decoy strokes and dots. The answer is in no text node and in no attribute; nothing in the document says
 * which path belongs to which glyph, or in which order. It only raises the price of a guess: the real defence is the
 * per-account/address back-off (identity README, "Sign-in throttling").
 */

interface Command {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface Font {
  unitsPerEm: number;
  charToGlyph(ch: string): { advanceWidth?: number; getPath(x: number, y: number, size: number): { commands: Command[] } };
}

/** Lower case only (answers are compared case-insensitively); no 0/o, 1/i/l, or shapes the font draws alike (c/e, u/v). */
export const captchaAlphabet = '23456789abdefghjkmnpqrstwxyz';
export const captchaLength = 6;
const width = 240;
const height = 72;
const fontSize = 56;

const font = (svgCaptcha as unknown as { options: { font: Font } }).options.font;
const between = (min: number, max: number): number => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)] as T;
const shuffle = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
};

export function captchaText(): string {
  return Array.from({ length: captchaLength }, () => pick([...captchaAlphabet])).join('');
}

/** A dark, saturated colour of any hue: readable on the light background, different per glyph. */
const glyphColour = (): string => `hsl(${randomInt(0, 360)} ${randomInt(55, 90)}% ${randomInt(22, 38)}%)`;
const noiseColour = (): string => `hsl(${randomInt(0, 360)} ${randomInt(30, 80)}% ${randomInt(35, 65)}%)`;
const n = (value: number): string => value.toFixed(1);

/** One glyph's outline contours, each as path data, transformed by `at` (the glyph's own transform, then the warp). */
function glyphContours(ch: string, at: (x: number, y: number) => [number, number]): string[] {
  const glyph = font.charToGlyph(randomInt(0, 2) === 0 ? ch : ch.toUpperCase());
  const scale = fontSize / font.unitsPerEm;
  const advance = (glyph.advanceWidth ?? font.unitsPerEm / 2) * scale;
  // drawn around its own centre, so rotation and shear keep it in its slot
  const { commands } = glyph.getPath(-advance / 2, fontSize * 0.35, fontSize);
  const contours: string[] = [];
  let current = '';
  const point = (x = 0, y = 0) => at(x, y).map(n).join(' ');
  for (const c of commands) {
    if (c.type === 'M' && current) contours.push(current);
    if (c.type === 'M') current = `M${point(c.x, c.y)}`;
    else if (c.type === 'L') current += `L${point(c.x, c.y)}`;
    else if (c.type === 'Q') current += `Q${point(c.x1, c.y1)} ${point(c.x, c.y)}`;
    else if (c.type === 'C') current += `C${point(c.x1, c.y1)} ${point(c.x2, c.y2)} ${point(c.x, c.y)}`;
    else current += 'Z';
  }
  if (current) contours.push(current);
  return contours;
}

export function renderCaptcha(text: string): string {
  const slot = (width - 16) / text.length;
  const waves = [between(1.5, 3.5), between(0.02, 0.05), between(0, Math.PI * 2), between(1, 2.5), between(0.05, 0.12), between(0, Math.PI * 2)] as const;
  const warp = (x: number, y: number): [number, number] => [x + waves[3] * Math.sin(y * waves[4] + waves[5]), y + waves[0] * Math.sin(x * waves[1] + waves[2])];
  const elements: string[] = [];
  [...text].forEach((ch, i) => {
    const angle = between(-0.35, 0.35);
    const [sx, sy, shear] = [between(0.8, 1.15), between(0.85, 1.15), between(-0.2, 0.2)];
    const [cx, cy] = [8 + slot * (i + 0.5) + between(-3, 3), height / 2 + between(-4, 4)];
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const at = (x: number, y: number): [number, number] => {
      const [px, py] = [(x + shear * y) * sx, y * sy];
      return warp(cx + px * cos - py * sin, cy + px * sin + py * cos);
    };
    const colour = glyphColour();
    // one path per glyph: its holes are contours of the opposite winding, kept holes by the nonzero rule
    const contours = glyphContours(ch, at);
    elements.push(`<path fill="${colour}" d="${shuffle(contours).join('')}"/>`);
  });
  for (let i = 0; i < 4; i++) {
    const [y1, y2] = [between(6, height - 6), between(6, height - 6)];
    const d = `M${n(between(0, 20))} ${n(y1)}C${n(between(40, 90))} ${n(between(0, height))} ${n(between(110, 160))} ${n(between(0, height))} ${n(between(180, width))} ${n(y2)}`;
    elements.push(`<path d="${d}" stroke="${i < 1 ? glyphColour() : noiseColour()}" stroke-width="${n(between(0.8, 1.6))}" fill="none"/>`);
  }
  for (let i = 0; i < 4; i++) {
    // short filled strokes, the size and colour of glyph parts
    const [x, y] = [between(10, width - 20), between(10, height - 10)];
    const d = `M${n(x)} ${n(y)}q${n(between(4, 10))} ${n(between(-8, 8))} ${n(between(8, 16))} ${n(between(-3, 3))}l${n(between(-1, 1))} 2.2q${n(between(-8, -4))} ${n(between(-6, 6))} ${n(between(-16, -8))} ${n(between(-1, 1))}Z`;
    elements.push(`<path fill="${glyphColour()}" fill-opacity="0.8" d="${d}"/>`);
  }
  for (let i = 0; i < 40; i++) elements.push(`<circle cx="${n(between(0, width))}" cy="${n(between(0, height))}" r="${n(between(0.6, 1.6))}" fill="${noiseColour()}"/>`);
  const background = `hsl(${randomInt(0, 360)} 60% 95%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/>${shuffle(elements).join('')}</svg>`;
}
