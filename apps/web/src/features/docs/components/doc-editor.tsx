import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Drawer, Flex, Input, List, Popconfirm, Select, Space, Typography, Upload } from 'antd';
import { docImageMimes, type Chapter, type Document } from '@starlight/contract/docs';
import { useDocumentVersions } from '../api/get-docs';
import { uploadDocImage, useDeleteDocument, useSaveDocument } from '../api/manage-docs';
import { DocHtml } from './doc-html';

/** Edits one document: markdown source, chapter, slug, images; each save is a new version with a note. */
export function DocEditor({ doc, chapters, onDeleted }: { doc: Document; chapters: Chapter[]; onDeleted: () => void }) {
  const { t } = useTranslation('docs');
  const { message } = App.useApp();
  const [title, setTitle] = useState(doc.title);
  const [body, setBody] = useState(doc.body);
  const [slug, setSlug] = useState(doc.slug ?? '');
  const [chapterId, setChapterId] = useState<number | null>(doc.chapter_id);
  const [note, setNote] = useState('');
  const [history, setHistory] = useState(false);
  const save = useSaveDocument();
  const remove = useDeleteDocument();
  const versions = useDocumentVersions(doc.id, history);
  useEffect(() => {
    setTitle(doc.title);
    setBody(doc.body);
    setSlug(doc.slug ?? '');
    setChapterId(doc.chapter_id);
    setNote('');
  }, [doc]);

  const onSave = () =>
    save.mutate(
      { id: doc.id, patch: { title, body, slug: slug.trim() || null, chapter_id: chapterId, note, base_version: doc.version } },
      { onSuccess: () => void message.success(t('manage.saved')) },
    );

  return (
    <Flex vertical gap={12} data-testid="doc-editor">
      <Flex gap={8} wrap>
        <Input style={{ flex: '2 1 200px' }} aria-label={t('manage.title')} value={title} onChange={(e) => setTitle(e.target.value)} />
        <Select
          style={{ flex: '1 1 140px' }}
          aria-label={t('manage.chapter')}
          value={chapterId ?? 0}
          options={[{ value: 0, label: t('manage.noChapter') }, ...chapters.map((c) => ({ value: c.id, label: c.title }))]}
          onChange={(v: number) => setChapterId(v === 0 ? null : v)}
        />
        <Input style={{ flex: '1 1 140px' }} aria-label={t('manage.slug')} placeholder={t('manage.slug')} value={slug} onChange={(e) => setSlug(e.target.value)} />
      </Flex>
      <Input.TextArea aria-label={t('manage.body')} data-testid="doc-body" autoSize={{ minRows: 10, maxRows: 30 }} value={body} onChange={(e) => setBody(e.target.value)} style={{ fontFamily: 'monospace' }} />
      <Input aria-label={t('manage.note')} placeholder={t('manage.note')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      <Space wrap>
        <Button type="primary" loading={save.isPending} onClick={onSave} data-testid="doc-save">
          {t('manage.save')}
        </Button>
        <Upload
          accept={docImageMimes.join(',')}
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            uploadDocImage(doc.id, file as File)
              .then((image) => {
                setBody((current) => `${current}\n\n${image.markdown}\n`);
                onSuccess?.(image);
              })
              .catch((error: Error) => onError?.(error));
          }}
        >
          <Button>{t('manage.image')}</Button>
        </Upload>
        <Button onClick={() => setHistory(true)}>{t('manage.versions')}</Button>
        <Link to={`/doconline?id=${doc.id}`}>{t('manage.open')}</Link>
        <Popconfirm title={t('manage.confirmDelete')} onConfirm={() => remove.mutate(doc.id, { onSuccess: onDeleted })}>
          <Button danger>{t('manage.delete')}</Button>
        </Popconfirm>
      </Space>
      <Typography.Text type="secondary">{t('updated', { who: doc.updated_by, when: new Date(doc.updated_at).toLocaleString(), version: doc.version })}</Typography.Text>
      <DocHtml html={doc.html} />
      <Drawer open={history} onClose={() => setHistory(false)} title={t('manage.versions')} width={Math.min(520, window.innerWidth)}>
        <List
          loading={versions.isLoading}
          dataSource={versions.data?.list ?? []}
          renderItem={(v) => (
            <List.Item
              actions={[
                <Button key="restore" size="small" onClick={() => { setTitle(v.title); setBody(v.body); setHistory(false); }}>
                  {t('manage.restore')}
                </Button>,
              ]}
            >
              <List.Item.Meta title={`v${v.version} · ${v.edited_by}`} description={`${new Date(v.created_at).toLocaleString()} ${v.note}`} />
            </List.Item>
          )}
        />
      </Drawer>
    </Flex>
  );
}
