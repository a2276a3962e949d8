import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDate } from '../../../lib/format';
import { getDatafileContent, useDatafileInfo } from '../api/get-datafile';

/** One shared file, read-only: text as text, images in <img>, PDF in the browser's viewer, else a download. */
export function DatafileView({ token }: { token: string }) {
  const { t } = useTranslation('storage');
  const info = useDatafileInfo(token);
  const [content, setContent] = useState<{ url: string; text?: string } | null>(null);

  useEffect(() => {
    if (!info.data) return;
    const controller = new AbortController();
    let url: string | null = null;
    getDatafileContent(token, controller.signal).then(
      async (blob) => {
        url = URL.createObjectURL(blob);
        setContent({ url, ...(info.data.preview === 'text' ? { text: await blob.text() } : {}) });
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [info.data, token]);

  if (info.isError || token === '') return <Result status="404" title={t('shared.gone')} data-testid="datafile-gone" />;
  if (!info.data) return <Spin />;
  const file = info.data;
  return (
    <Card title={file.name} data-testid="datafile-view" style={{ width: 'min(960px, 100%)' }}
      extra={content ? <Button icon={<DownloadOutlined />} href={content.url} download={file.name}>{t('actions.download')}</Button> : null}>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} items={[
        { key: 'size', label: t('columns.size'), children: formatBytes(file.size) },
        { key: 'mtime', label: t('columns.modified'), children: formatDate(file.mtime) },
        { key: 'expires', label: t('shared.expires'), children: formatDate(file.expires_at) },
      ]} />
      <div style={{ marginTop: 16 }}>
        {!content ? <Spin /> : null}
        {content && file.preview === 'text' ? <pre data-testid="datafile-text" style={{ maxHeight: '65vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{content.text}</pre> : null}
        {content && file.preview === 'image' ? <img src={content.url} alt={file.name} style={{ maxWidth: '100%' }} data-testid="datafile-image" /> : null}
        {content && file.preview === 'pdf' ? <iframe title={file.name} src={content.url} style={{ width: '100%', height: '70vh', border: 0 }} /> : null}
        {content && file.preview === null ? <Alert type="info" showIcon title={t('shared.downloadOnly')} /> : null}
      </div>
    </Card>
  );
}
