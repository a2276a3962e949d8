// the sanitiser lives in lib (one piece of code for every module that stores rich text)
export { messageText, sanitizeMessageHtml } from '../../lib/rich-text';
