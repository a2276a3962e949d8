import { useLocation, useNavigate } from 'react-router';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../public-page';

/** /401: sent here with state noGoBack when a permission is missing; then there is no way back. */
export default function UnauthorizedPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { state } = useLocation();
  const noGoBack = Boolean((state as { noGoBack?: boolean } | null)?.noGoBack);
  return (
    <PublicPage testId="page-401">
      <Result
        status="403"
        title="401"
        subTitle={t('unauthorized.description')}
        extra={
          <Space>
            {noGoBack ? null : (
              <Button data-testid="go-back" onClick={() => void navigate(-1)}>
                {t('actions.back')}
              </Button>
            )}
            <Button type="primary" data-testid="go-home" onClick={() => void navigate('/', { replace: true })}>
              {t('actions.home')}
            </Button>
          </Space>
        }
      />
    </PublicPage>
  );
}
