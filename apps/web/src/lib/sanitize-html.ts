import DOMPurify from 'dompurify';

/** An allow list as the contract states it (messageHtmlAllowList, documentHtmlAllowList). */
export interface HtmlAllowList {
  readonly tags: readonly string[];
  readonly attributes: Record<string, string[]>;
  readonly schemes: readonly string[];
}

/**
 * The browser's one sanitiser of server HTML (messages, documents): DOMPurify with the contract's list.
 * The server sanitised with the same list when storing; this is the second lock. Relative URLs (the
 * document images under /api) pass; any other scheme than the list's does not.
 */
export function htmlSanitizer(list: HtmlAllowList): (html: string) => string {
  const allowedUri = new RegExp(`^(?:(?:${list.schemes.join('|')}):|/(?!/))`, 'i');
  const config = {
    ALLOWED_TAGS: [...list.tags],
    ALLOWED_ATTR: [...new Set(Object.values(list.attributes).flat())],
    ALLOWED_URI_REGEXP: allowedUri,
  };
  return (html) => DOMPurify.sanitize(html, config);
}
