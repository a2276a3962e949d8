import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { TransferClient } from '../../features/labels/components/transfer-client';

/** Shared by /storage/udt and /storage/udtserver: both offer the transfer client from the link settings. */
export function TransferPage({ variant }: { variant: 'udt' | 'udtServer' }) {
  const { t } = useTranslation('labels');
  return (
    <div data-testid={`storage-${variant}`}>
      <PageHeader title={t(`transfer.${variant}.title`)} subtitle={t(`transfer.${variant}.subtitle`)} />
      <Typography.Paragraph style={{ maxWidth: 760 }}>{t(`transfer.${variant}.body`)}</Typography.Paragraph>
      <TransferClient />
    </div>
  );
}
