import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { CliSecrets } from '../../features/images/components/cli-secrets';
import { RepositoryBrowser } from '../../features/images/components/repository-browser';

/** /image-center/image [binded_account]: the caller's, their groups' and public repositories; their CLI secrets. */
export default function ImageHubPage() {
  const { t } = useTranslation('images');
  return (
    <div data-testid="image-hub">
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} />
      <Tabs
        items={[
          { key: 'repos', label: t('hub.repositories'), children: <RepositoryBrowser /> },
          { key: 'secrets', label: t('hub.secrets'), children: <CliSecrets /> },
        ]}
      />
    </div>
  );
}
