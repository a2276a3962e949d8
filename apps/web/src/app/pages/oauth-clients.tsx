import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ExternalProvidersPanel } from '../../features/sso/components/external-providers-panel';
import { OauthClientsPanel } from '../../features/sso/components/oauth-clients-panel';
import { useSsoConfig } from '../../features/sso/api/get-sso-config';

/** /user-center/oauth-clients (ours, query_role): third-party sites and external sign-in providers. */
export default function OauthClientsPage() {
  const { t } = useTranslation('sso');
  const config = useSsoConfig();
  return (
    <div data-testid="oauth-clients-page">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Tabs
        items={[
          { key: 'clients', label: t('admin.tabs.clients'), children: <OauthClientsPanel discoveryUrl={config.data?.discovery_url ?? ''} /> },
          { key: 'providers', label: t('admin.tabs.providers'), children: <ExternalProvidersPanel /> },
        ]}
      />
    </div>
  );
}
