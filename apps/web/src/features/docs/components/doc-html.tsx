import { useMemo } from 'react';
import { documentHtmlAllowList } from '@starlight/contract/docs';
import { htmlSanitizer } from '../../../lib/sanitize-html';
import './doc-html.css';

const sanitize = htmlSanitizer(documentHtmlAllowList);

/** A rendered document (the server rendered and sanitised it; DOMPurify with the same list is the second lock). */
export function DocHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className="sl-doc-html" data-testid="doc-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
