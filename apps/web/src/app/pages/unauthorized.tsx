import { useLocation, useNavigate } from 'react-router';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../public-page';

/** Where a signed-in user binds a system account (the shell's page; /bind is the same outside it). */
export const bindAccountPath = '/user-center/bind-account';

interface UnauthorizedState {
  /** Sent here by a guard: there is no way back. */
  noGoBack?: boolean;
  /** The missing key is binded_account: binding a system account opens the page. */
  needsBinding?: boolean;
}

/** /401: sent here with state noGoBack when a permission is missing; then there is no way back. */
export default function UnauthorizedPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as UnauthorizedState;
  return (
    <PublicPage testId="page-401">
      <Result
        status="403"
        title="401"
        subTitle={state.needsBinding ? <span data-testid="needs-binding">{t('unauthorized.needsBinding')}</span> : t('unauthorized.description')}
        extra={
          <Space wrap>
            {state.noGoBack ? null : (
              <Button data-testid="go-back" onClick={() => void navigate(-1)}>
                {t('actions.back')}
              </Button>
            )}
            {state.needsBinding ? (
              <Button
                type="primary"
                href={bindAccountPath}
                data-testid="bind-link"
                onClick={(event) => {
                  // a real link (open in a new tab works), followed inside the app without a reload
                  event.preventDefault();
                  void navigate(bindAccountPath, { replace: true });
                }}
              >
                {t('unauthorized.bind')}
              </Button>
            ) : null}
            <Button type={state.needsBinding ? 'default' : 'primary'} data-testid="go-home" onClick={() => void navigate('/', { replace: true })}>
              {t('actions.home')}
            </Button>
          </Space>
        }
      />
    </PublicPage>
  );
}
