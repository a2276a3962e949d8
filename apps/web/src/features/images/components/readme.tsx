import { useMemo } from 'react';
import DOMPurify from 'dompurify';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2" rel="noopener noreferrer" target="_blank">$1</a>');
}

/**
 * A README's markdown as HTML: the text is escaped first, so only the few constructs turned into tags
 * here (headings, lists, code, emphasis, http(s) links) can be markup; DOMPurify is the second lock.
 */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  let list = false;
  let code: string[] | null = null;
  for (const raw of markdown.split(/\r?\n/)) {
    if (raw.startsWith('```')) {
      if (code) {
        out.push(`<pre><code>${code.join('\n')}</code></pre>`);
        code = null;
      } else code = [];
      continue;
    }
    if (code) {
      code.push(escape(raw));
      continue;
    }
    const line = escape(raw);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!item && list) {
      out.push('</ul>');
      list = false;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    else if (item) {
      if (!list) out.push('<ul>');
      list = true;
      out.push(`<li>${inline(item[1]!)}</li>`);
    } else if (line.trim()) out.push(`<p>${inline(line)}</p>`);
  }
  if (code) out.push(`<pre><code>${code.join('\n')}</code></pre>`);
  if (list) out.push('</ul>');
  return DOMPurify.sanitize(out.join(''), { ALLOWED_TAGS: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'li', 'pre', 'code', 'strong', 'em', 'a'], ALLOWED_ATTR: ['href', 'rel', 'target'] });
}

export function Readme({ markdown }: { markdown: string }) {
  const html = useMemo(() => markdownToHtml(markdown), [markdown]);
  // escaped, then sanitised just above
  return <div className="sl-readme" data-testid="image-readme" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
