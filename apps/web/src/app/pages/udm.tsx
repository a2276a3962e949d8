import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { Datasets } from '../../features/udm/components/datasets';
import { DatasetDetail, TransferDetail } from '../../features/udm/components/details';
import { Sources } from '../../features/udm/components/sources';

const Header = ({ title }: { title: string }) => {
  const { t } = useTranslation('udm');
  return <PageHeader title={t(`${title}.heading`)} subtitle={t(`${title}.subtitle`)} />;
};

/** /udm/uds: datasets. */
export const UdsPage = () => (
  <div>
    <Header title="datasets" />
    <Datasets />
  </div>
);
/** /udm/udm [create_start_datasource]: data sources and transfers. */
export const UdmPage = () => (
  <div>
    <Header title="sources" />
    <Sources />
  </div>
);
export const DatasetDetailPage = () => <DatasetDetail id={Number(useParams().id ?? '')} />;
export const TransferDetailPage = () => <TransferDetail id={Number(useParams().id ?? '')} />;
