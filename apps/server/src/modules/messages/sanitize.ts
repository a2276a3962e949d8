import { messageHtmlAllowList } from '@starlight/contract/messages';
import { htmlSanitizer, htmlText } from '../../lib/sanitize-html';

/** What a message body may keep (the contract's allow list); everything else is dropped when storing. */
export const sanitizeMessageHtml = htmlSanitizer(messageHtmlAllowList);

/** The body as plain text (e-mail). */
export const messageText = htmlText;
