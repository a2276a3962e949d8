import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WebTerminal } from '../../features/webssh/components/web-terminal';

/** /cluster-partition/webssh/:cluster/:partition [binded_account]: a terminal on the partition's login node. */
export default function WebSshPage() {
  const { t } = useTranslation('webssh');
  const { cluster = '', partition = '' } = useParams();
  return (
    <div data-testid="webssh-page">
      <PageHeader title={t('title', { cluster, partition })} subtitle={t('subtitle')} />
      <WebTerminal key={`${cluster}/${partition}`} cluster={cluster} partition={partition} />
    </div>
  );
}
