import { RichHtml } from '../../../components/rich-html';

// one renderer of rich text for the whole app (components/rich-html)
export function MessageHtml({ html }: { html: string }) {
  return <RichHtml html={html} testId="message-content" />;
}
