import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { messageHtmlAllowList } from '@starlight/contract/messages';

const allowedUri = new RegExp(`^(?:${messageHtmlAllowList.schemes.join('|')}):`, 'i');

/**
 * A message body as HTML, through DOMPurify with the contract's allow list (the server sanitised it
 * with the same list when storing; this is the second lock, for anything stored before or around it).
 */
export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...messageHtmlAllowList.tags],
    ALLOWED_ATTR: [...new Set(Object.values(messageHtmlAllowList.attributes).flat())],
    ALLOWED_URI_REGEXP: allowedUri,
  });
}

export function MessageHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);
  // sanitised just above with the allow list
  return <div className="sl-message-html" data-testid="message-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
