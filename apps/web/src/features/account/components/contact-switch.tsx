import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Form, Input, Segmented } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

export type ContactKind = 'email' | 'telephone';

interface ContactSwitchProps {
  kind: ContactKind;
  onKindChange: (kind: ContactKind) => void;
  rule: Rule;
}

/** E-mail or phone: the switch and the one field it shows (the other is not part of the values). */
export function ContactSwitch({ kind, onKindChange, rule }: ContactSwitchProps) {
  const { t } = useTranslation('register');
  return (
    <>
      <Form.Item style={{ marginBottom: 16 }}>
        <Segmented<ContactKind>
          block
          value={kind}
          onChange={onKindChange}
          data-testid="contact-switch"
          options={[
            { value: 'email', label: t('contact.byEmail'), icon: <MailOutlined /> },
            { value: 'telephone', label: t('contact.byPhone'), icon: <MobileOutlined /> },
          ]}
        />
      </Form.Item>
      {kind === 'email' ? (
        <Form.Item key="email" name="email" label={t('contact.email')} rules={[rule]} validateTrigger="onBlur">
          <Input prefix={<MailOutlined />} placeholder="name@example.com" autoComplete="email" data-testid="field-email" />
        </Form.Item>
      ) : (
        <Form.Item key="telephone" name="telephone" label={t('contact.telephone')} rules={[rule]} validateTrigger="onBlur">
          <Input prefix={<MobileOutlined />} placeholder="13800000000" autoComplete="tel" inputMode="numeric" data-testid="field-telephone" />
        </Form.Item>
      )}
    </>
  );
}
