import { useTranslation } from 'react-i18next';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { useDocument } from '../api/get-docs';
import { DocHtml } from './doc-html';

/** /doconline?id=…: one document, the link other places (an app, an error message) point at. */
export function DocOnline({ id }: { id: number }) {
  const { t } = useTranslation('docs');
  const doc = useDocument(Number.isInteger(id) && id > 0 ? id : undefined);
  if (!(Number.isInteger(id) && id > 0) || doc.isError) return <Empty description={t('notFound')} data-testid="doc-missing" />;
  if (!doc.data) return <Skeleton active />;
  return (
    <Card data-testid="doc-online">
      <Typography.Text type="secondary">{doc.data.book_name}</Typography.Text>
      <Typography.Title level={3}>{doc.data.title}</Typography.Title>
      <DocHtml html={doc.data.html} />
      <Typography.Text type="secondary">{t('updated', { who: doc.data.updated_by, when: new Date(doc.data.updated_at).toLocaleString(), version: doc.data.version })}</Typography.Text>
    </Card>
  );
}
