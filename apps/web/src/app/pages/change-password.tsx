import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { feedback } from '../../lib/feedback';

/** /user-center/reset/password: change the login password inside the console (the other sessions end). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <div data-testid="change-password-page">
      <PageHeader title={t('change.title')} />
      <Card style={{ maxWidth: 480 }}>
        <ChangePasswordForm
          onChanged={() => {
            feedback().message.success(t('change.done'));
            void navigate('/user-center/user-info');
          }}
        />
      </Card>
    </div>
  );
}
