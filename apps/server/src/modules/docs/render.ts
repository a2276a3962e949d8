import { marked } from 'marked';
import { documentHtmlAllowList } from '@starlight/contract/docs';
import { htmlSanitizer, htmlText } from '../../lib/sanitize-html';

const sanitize = htmlSanitizer(documentHtmlAllowList);

/** Markdown → HTML through the shared sanitiser: raw HTML in the markdown (scripts, `javascript:` links) is dropped. */
export function renderMarkdown(body: string): string {
  return sanitize(marked.parse(body, { async: false, gfm: true }));
}

/** What the search looks in: title and plain text, lower-cased, whitespace collapsed. */
export function searchTextOf(title: string, html: string): string {
  return `${title}\n${htmlText(html)}`.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Words of a query: split on spaces; CJK runs stay whole (a substring match finds them inside longer text). */
export function searchWords(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

/** A short excerpt around the first word found. */
export function snippetOf(text: string, words: string[], width = 120): string {
  const found = words.map((w) => text.indexOf(w)).filter((i) => i >= 0);
  const at = found.length > 0 ? Math.min(...found) : 0;
  const start = Math.max(0, at - width / 3);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + width)}${start + width < text.length ? '…' : ''}`;
}
