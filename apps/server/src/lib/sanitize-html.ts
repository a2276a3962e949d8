import sanitizeHtml from 'sanitize-html';

/** An allow list as the contract states it (messageHtmlAllowList, documentHtmlAllowList). */
export interface HtmlAllowList {
  readonly tags: readonly string[];
  readonly attributes: Record<string, string[]>;
  readonly schemes: readonly string[];
}

/**
 * The one sanitiser of stored HTML (messages, documents): keeps only the list's tags, attributes and URL
 * schemes (no `javascript:`, no protocol-relative links) and sends every link to a new tab without the opener.
 */
export function htmlSanitizer(list: HtmlAllowList): (html: string) => string {
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...list.tags],
    allowedAttributes: list.attributes,
    allowedSchemes: [...list.schemes],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
    disallowedTagsMode: 'discard',
  };
  return (html) => sanitizeHtml(html, options);
}

/** HTML as plain text (e-mails, search text): block ends become line breaks, entities decoded. */
export const htmlText = (html: string): string =>
  sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-6]|pre|blockquote|tr|div)>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
