import { Button, Card, Flex, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { overallPercent, percent } from '../upload/chunk-plan';
import { unfinishedUploads } from '../upload/resume-store';
import { useUploadStore, type UploadItem } from '../upload/upload-store';

function ItemRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation('storage');
  const retry = useUploadStore((s) => s.retry);
  const status = item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active';
  const done = item.status === 'done' ? 100 : percent(item.sent, item.size);
  const taken = item.errorCode === 1409 && !item.quota;
  return (
    <List.Item data-testid="upload-item" data-status={item.status} data-percent={done}>
      <div style={{ width: '100%' }}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text ellipsis style={{ maxWidth: '60%' }} title={item.target}>{item.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.resumed ? <Tag color="blue">{t('upload.resumed')}</Tag> : null}
            {formatBytes(Math.min(item.sent, item.size))} / {formatBytes(item.size)}
          </Typography.Text>
        </Flex>
        <Progress percent={done} status={status} size="small" />
        {item.status === 'uploading' && item.hashed < item.size ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('upload.hashing', { percent: percent(item.hashed, item.size) })}</Typography.Text>
        ) : null}
        {item.status === 'error' ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="danger" style={{ fontSize: 12 }}>{taken ? t('upload.exists') : item.error}</Typography.Text>
            <Button size="small" onClick={() => retry(item.key, taken)}>{taken ? t('upload.replace') : t('upload.retry')}</Button>
          </Flex>
        ) : null}
      </div>
    </List.Item>
  );
}

/** Per-file and overall progress; unfinished uploads from an earlier visit are named so they can be resumed. */
export function UploadPanel() {
  const { t } = useTranslation('storage');
  const items = useUploadStore((s) => s.items);
  const clearFinished = useUploadStore((s) => s.clearFinished);
  const active = new Set(items.filter((i) => i.status !== 'done').map((i) => i.target));
  const pending = unfinishedUploads().filter((u) => !active.has(u.target));
  if (items.length === 0 && pending.length === 0) return null;
  const overall = overallPercent(items);
  return (
    <Card
      size="small"
      title={t('upload.title')}
      extra={items.some((i) => i.status === 'done') ? <Button size="small" type="link" onClick={clearFinished}>{t('upload.clear')}</Button> : null}
      data-testid="upload-panel"
      style={{ marginBottom: 12 }}
    >
      {items.length > 0 ? (
        <>
          <Typography.Text>{t('upload.overall')}</Typography.Text>
          <Progress percent={overall} data-testid="upload-overall" />
          <div style={{ maxHeight: 180, overflowY: 'auto' }}>
            <List size="small" dataSource={items} renderItem={(item) => <ItemRow item={item} />} />
          </div>
        </>
      ) : null}
      {pending.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="upload-pending">
          {t('upload.pending', { names: pending.map((p) => p.name).join(', ') })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
