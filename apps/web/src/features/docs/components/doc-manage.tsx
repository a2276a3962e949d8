import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Empty, Flex, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { bookAccesses, type BookAccess } from '@starlight/contract/docs';
import { useBooks, useBookTree, useDocument } from '../api/get-docs';
import { useCreateBook, useCreateChapter, useCreateDocument, useDeleteBook } from '../api/manage-docs';
import { BookTree } from './book-tree';
import { DocEditor } from './doc-editor';

type Prompt = { kind: 'book' | 'chapter' | 'document'; name: string; access: BookAccess } | null;

/** /docoline: books (who reads them), their chapters and documents, and the editor. */
export function DocManage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('docs');
  const books = useBooks();
  const [bookId, setBookId] = useState<number>();
  const [docId, setDocId] = useState<number>();
  const [prompt, setPrompt] = useState<Prompt>(null);
  const tree = useBookTree(bookId);
  const doc = useDocument(docId);
  const createBook = useCreateBook();
  const deleteBook = useDeleteBook();
  const createChapter = useCreateChapter();
  const createDocument = useCreateDocument();
  useEffect(() => {
    if (bookId === undefined && books.data?.list[0]) setBookId(books.data.list[0].id);
  }, [bookId, books.data]);
  const book = books.data?.list.find((b) => b.id === bookId);

  const submit = () => {
    if (!prompt || !prompt.name.trim()) return;
    const done = () => setPrompt(null);
    if (prompt.kind === 'book') createBook.mutate({ name: prompt.name, access: prompt.access, description: '', position: books.data?.list.length ?? 0 }, { onSuccess: (b) => { setBookId(b.id); done(); } });
    else if (bookId !== undefined && prompt.kind === 'chapter') createChapter.mutate({ book_id: bookId, title: prompt.name, position: tree.data?.chapters.length ?? 0 }, { onSuccess: done });
    else if (bookId !== undefined) createDocument.mutate({ book_id: bookId, title: prompt.name, position: tree.data?.documents.length ?? 0 }, { onSuccess: (d) => { setDocId(d.id); done(); } });
  };

  return (
    <Flex gap={16} wrap align="flex-start" data-testid="doc-manage">
      <Card size="small" style={{ flex: '1 1 260px', maxWidth: '100%' }}>
        <Flex gap={8}>
          <Select
            style={{ flex: 1, minWidth: 0 }}
            aria-label={t('book')}
            value={bookId}
            options={(books.data?.list ?? []).map((b) => ({ value: b.id, label: b.name }))}
            onChange={(id: number) => { setBookId(id); setDocId(undefined); }}
          />
          {book ? <Tag>{t(`access.${book.access}`)}</Tag> : null}
        </Flex>
        {canEdit ? (
          <Space wrap style={{ margin: '12px 0' }}>
            <Button size="small" onClick={() => setPrompt({ kind: 'book', name: '', access: 'guide' })}>{t('manage.newBook')}</Button>
            <Button size="small" disabled={!book} onClick={() => setPrompt({ kind: 'chapter', name: '', access: 'guide' })}>{t('manage.newChapter')}</Button>
            <Button size="small" disabled={!book} onClick={() => setPrompt({ kind: 'document', name: '', access: 'guide' })} data-testid="doc-new">{t('manage.newDocument')}</Button>
            {book ? (
              <Popconfirm title={t('manage.confirmDeleteBook')} onConfirm={() => deleteBook.mutate(book.id, { onSuccess: () => setBookId(undefined) })}>
                <Button size="small" danger>{t('manage.deleteBook')}</Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null}
        <BookTree tree={tree.data} selected={docId} onSelect={setDocId} />
      </Card>
      <Card size="small" style={{ flex: '3 1 360px', minWidth: 0, maxWidth: '100%' }}>
        {doc.data && tree.data && canEdit ? (
          <DocEditor doc={doc.data} chapters={tree.data.chapters} onDeleted={() => setDocId(undefined)} />
        ) : (
          <Empty description={t('manage.pick')} />
        )}
      </Card>
      <Modal open={prompt !== null} title={prompt ? t(`manage.new${prompt.kind[0]?.toUpperCase()}${prompt.kind.slice(1)}`) : ''} onCancel={() => setPrompt(null)} onOk={submit} destroyOnHidden>
        {prompt ? (
          <Flex vertical gap={8}>
            <Input autoFocus aria-label={t('manage.title')} placeholder={t('manage.title')} value={prompt.name} onChange={(e) => setPrompt({ ...prompt, name: e.target.value })} onPressEnter={submit} />
            {prompt.kind === 'book' ? (
              <Select aria-label={t('manage.access')} value={prompt.access} options={bookAccesses.map((a) => ({ value: a, label: t(`access.${a}`) }))} onChange={(access: BookAccess) => setPrompt({ ...prompt, access })} />
            ) : null}
          </Flex>
        ) : null}
      </Modal>
    </Flex>
  );
}
