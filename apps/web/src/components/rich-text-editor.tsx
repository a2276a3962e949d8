import { useEffect } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

/**
 * The one rich-text editor (tickets and replies; templates next). It can only make what the contract's
 * messageHtmlAllowList keeps (no images, tables, rules or styles), so what the user sees while writing is
 * what the server stores after sanitising. Emits HTML; an empty document is ''.
 */
export function RichTextEditor({ value, onChange, testId = 'rich-editor', placeholder }: { value?: string; onChange?: (html: string) => void; testId?: string; placeholder?: string }) {
  const { t } = useTranslation('common');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value ?? '',
    editorProps: { attributes: { 'data-testid': `${testId}-content`, 'aria-label': placeholder ?? t('editor.label'), class: 'sl-rich-editor' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // a form reset (value '') empties the editor
  useEffect(() => {
    if (editor && (value ?? '') === '' && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);
  return (
    <div data-testid={testId} style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}>
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} style={{ padding: '4px 11px', minHeight: 120 }} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('common');
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const link = () => {
    const href = window.prompt(t('editor.linkPrompt'), (editor.getAttributes('link').href as string | undefined) ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') chain().unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const buttons = [
    { key: 'bold', icon: <BoldOutlined />, on: active.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', icon: <ItalicOutlined />, on: active.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', icon: <UnderlineOutlined />, on: active.underline, run: () => chain().toggleUnderline().run() },
    { key: 'strike', icon: <StrikethroughOutlined />, on: active.strike, run: () => chain().toggleStrike().run() },
    { key: 'code', icon: <CodeOutlined />, on: active.code, run: () => chain().toggleCode().run() },
    { key: 'bulletList', icon: <UnorderedListOutlined />, on: active.bullet, run: () => chain().toggleBulletList().run() },
    { key: 'orderedList', icon: <OrderedListOutlined />, on: active.ordered, run: () => chain().toggleOrderedList().run() },
    { key: 'link', icon: <LinkOutlined />, on: active.link, run: link },
  ] as const;
  return (
    <Flex wrap gap={2} style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border-secondary, #f0f0f0)' }}>
      {buttons.map((b) => (
        <Tooltip key={b.key} title={t(`editor.${b.key}`)}>
          <Button size="small" type={b.on ? 'primary' : 'text'} icon={b.icon} aria-label={t(`editor.${b.key}`)} onClick={b.run} data-testid={`editor-${b.key}`} />
        </Tooltip>
      ))}
    </Flex>
  );
}
