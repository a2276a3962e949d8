import { Code } from '@starlight/contract/codes';
import type { PreviewType } from '@starlight/contract/storage';
import { AppError } from '../../lib/app-error';

/**
 * What a preview may be sent as. Images are recognised by their magic bytes only (never by name),
 * so an SVG (which can carry script) or an HTML file named .png is refused, not rendered.
 */
const imageMagic: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export const sniffLength = 16;

const notPreviewable = (info: string): AppError =>
  new AppError(Code.invalidInput, info, { fields: [{ path: 'query.type', message: info }] });

/** The content type to send for the first bytes of a file, or 1400 when it is not what `type` says. */
export function previewContentType(type: PreviewType, head: Buffer): string {
  if (type === 'text') return 'text/plain; charset=utf-8';
  if (type === 'pdf') {
    if (head.subarray(0, 5).toString('latin1') !== '%PDF-') throw notPreviewable('the file is not a PDF');
    return 'application/pdf';
  }
  const image = imageMagic.find((m) => m.test(head));
  if (!image) throw notPreviewable('the file is not a PNG, JPEG, GIF or WebP image');
  return image.type;
}

/** Text previews must be UTF-8: anything else would be shown as mojibake or guessed at. */
export function checkUtf8(bytes: Buffer): void {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notPreviewable('the file is not UTF-8 text');
  }
}

/** `filename*` per RFC 6266/5987, plus an ASCII fallback with nothing that could break the header. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Headers of every preview: shown in place, never sniffed into HTML, and (except PDF) in a sandbox
 * with no script, no plugins and no network. Chrome refuses to render a PDF in a sandboxed
 * document, so a PDF gets the same lock-down without `sandbox`: nosniff keeps it a PDF.
 */
export function previewHeaders(contentType: string, name: string): Record<string, string> {
  const csp =
    contentType === 'application/pdf'
      ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
      : "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
  return {
    'content-type': contentType,
    'content-disposition': contentDisposition('inline', name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': csp,
    'cache-control': 'private, no-store',
  };
}
