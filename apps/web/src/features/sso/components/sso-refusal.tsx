import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §8: 不能授权{host}使用星光账户信息 with one button, 确定, which leads to /login. */
export function SsoRefusal({ host, onConfirm }: { host: string; onConfirm: () => void }) {
  const { t } = useTranslation('sso');
  return (
    <Modal
      open
      centered
      closable={false}
      maskClosable={false}
      keyboard={false}
      title={t('refusal.title')}
      okText={t('refusal.ok')}
      onOk={onConfirm}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'sso-refusal-ok' } as Record<string, string>}
    >
      <p data-testid="sso-refusal">{t('refusal.content', { host })}</p>
    </Modal>
  );
}
