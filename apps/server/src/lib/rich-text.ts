/** Every stored rich text (messages, approval reasons and comments; later tickets and templates) goes through here: one allow list, the contract's. */
import sanitizeHtml from 'sanitize-html';
import { messageHtmlAllowList } from '@starlight/contract/messages';

const stored: sanitizeHtml.IOptions = {
  allowedTags: [...messageHtmlAllowList.tags],
  allowedAttributes: messageHtmlAllowList.attributes,
  allowedSchemes: [...messageHtmlAllowList.schemes],
  allowProtocolRelative: false,
  // links leave the console in a new tab without handing it the opener
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

/** What a message body may keep (the contract's allow list); everything else is dropped when storing. */
export const sanitizeMessageHtml = (html: string): string => sanitizeHtml(html, stored);

/** The body as plain text (e-mail). */
export const messageText = (html: string): string =>
  sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h3|h4|pre|blockquote)>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
