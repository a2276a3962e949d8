import { useMemo } from 'react';
import { messageHtmlAllowList } from '@starlight/contract/messages';
import { htmlSanitizer } from '../lib/sanitize-html';

/**
 * Stored rich text (messages, application reasons and comments) as HTML, through DOMPurify with the
 * contract's allow list. The server sanitised it with the same list when storing; this is the second
 * lock, for anything stored before or around it. The one renderer of rich text in the app.
 */
export const sanitizeRichHtml = htmlSanitizer(messageHtmlAllowList);

export function RichHtml({ html, testId = 'rich-html', className = 'sl-message-html' }: { html: string; testId?: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichHtml(html), [html]);
  // sanitised just above with the allow list
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Plain text typed in a text area → paragraphs of escaped text (what the server stores as rich text). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
