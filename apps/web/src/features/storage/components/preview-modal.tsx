import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreviewType } from '@starlight/contract/storage';
import { viewFile } from '../api/view-file';

interface PreviewModalProps {
  file: { path: string; name: string; type: PreviewType } | null;
  onClose: () => void;
}

type Loaded = { kind: 'text'; text: string } | { kind: 'url'; url: string } | { kind: 'error' };

/**
 * Text is shown as text (React escapes it), images in an <img>, PDFs in the browser's viewer from a
 * blob: URL. Nothing is ever injected as HTML; the server also refuses SVG and sends nosniff.
 */
export function PreviewModal({ file, onClose }: PreviewModalProps) {
  const { t } = useTranslation('storage');
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let url: string | null = null;
    setLoaded(null);
    viewFile(file.type, file.path, controller.signal).then(
      async (blob) => {
        if (file.type === 'text') setLoaded({ kind: 'text', text: await blob.text() });
        else {
          url = URL.createObjectURL(blob);
          setLoaded({ kind: 'url', url });
        }
      },
      () => setLoaded({ kind: 'error' }),
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  return (
    <Modal open={file !== null} title={file?.name} onCancel={onClose} footer={null} width={file?.type === 'pdf' ? 960 : 800} destroyOnHidden>
      <div data-testid="preview" style={{ minHeight: 200 }}>
        {!loaded ? <Spin /> : null}
        {loaded?.kind === 'error' ? <Alert type="warning" showIcon title={t('preview.failed')} /> : null}
        {loaded?.kind === 'text' ? (
          <pre data-testid="preview-text" style={{ maxHeight: '65vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>{loaded.text}</pre>
        ) : null}
        {loaded?.kind === 'url' && file?.type === 'image' ? (
          <img src={loaded.url} alt={file.name} data-testid="preview-image" style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }} />
        ) : null}
        {loaded?.kind === 'url' && file?.type === 'pdf' ? <iframe title={file.name} src={loaded.url} style={{ width: '100%', height: '70vh', border: 0 }} /> : null}
      </div>
    </Modal>
  );
}
