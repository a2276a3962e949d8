import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '@starlight/contract/verification';

/**
 * The captcha as an image (an SVG in an <img> runs no script), click to get another. The server
 * draws the glyphs as paths, so there is no text to read out of it.
 */
export function CaptchaImage({ captcha, onRefresh }: { captcha: Captcha | null; onRefresh: () => void }) {
  const { t } = useTranslation('register');
  return (
    <Button
      className="sl-captcha-button"
      onClick={onRefresh}
      title={t('captcha.refresh')}
      aria-label={t('captcha.refresh')}
      data-testid="captcha-refresh"
      style={{ width: 128, height: 42, padding: 0, overflow: 'hidden', flex: 'none' }}
    >
      {captcha ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} alt={t('captcha.alt')} width={180} height={54} style={{ display: 'block' }} data-testid="captcha-image" data-captcha-id={captcha.id} />
      ) : (
        <Spin indicator={<ReloadOutlined spin />} />
      )}
    </Button>
  );
}
