/** Every stored rich text of messages, approval reasons and comments: the one sanitiser (lib/sanitize-html) with the messages' allow list. */
import { messageHtmlAllowList } from '@starlight/contract/messages';
import { htmlSanitizer, htmlText } from './sanitize-html';

/** What a message body may keep (the contract's allow list); everything else is dropped when storing. */
export const sanitizeMessageHtml = htmlSanitizer(messageHtmlAllowList);

/** The body as plain text (e-mail). */
export const messageText = htmlText;
