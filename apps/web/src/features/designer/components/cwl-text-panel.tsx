import { Alert, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The CWL text, live: visual edits show here at once, and edits here drive the visual editors. */
export function CwlTextPanel({ text, error, onChange, readOnly }: { text: string; error?: { message: string; line?: number }; onChange?: (text: string) => void; readOnly?: boolean }) {
  const { t } = useTranslation('designer');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }} data-testid="designer-cwl-panel">
      {error ? <Alert type="error" showIcon data-testid="designer-text-error" message={error.line ? t('text.errorAt', { line: error.line, message: error.message }) : error.message} /> : null}
      <Input.TextArea
        value={text}
        readOnly={readOnly}
        spellCheck={false}
        aria-label={t('text.label')}
        onChange={(e) => onChange?.(e.target.value)}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12, flex: 1, minHeight: 320, resize: 'vertical' }}
      />
    </div>
  );
}
