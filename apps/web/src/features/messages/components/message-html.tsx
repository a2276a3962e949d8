import { useMemo } from 'react';
import { messageHtmlAllowList } from '@starlight/contract/messages';
import { htmlSanitizer } from '../../../lib/sanitize-html';

/**
 * A message body as HTML, through DOMPurify with the contract's allow list (the server sanitised it
 * with the same list when storing; this is the second lock, for anything stored before or around it).
 */
export const sanitizeMessageHtml = htmlSanitizer(messageHtmlAllowList);

export function MessageHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);
  // sanitised just above with the allow list
  return <div className="sl-message-html" data-testid="message-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
