import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../public-page';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <PublicPage testId="page-404">
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" data-testid="go-home" onClick={() => void navigate('/', { replace: true })}>
            {t('actions.home')}
          </Button>
        }
      />
    </PublicPage>
  );
}
