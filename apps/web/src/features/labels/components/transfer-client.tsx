import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionGate } from '../../../components/permission-gate';
import { useTransferClient } from '../api/link-settings';
import { forVisitor, isDownloadUrl, type PlatformLink } from '../link-settings';
import { TransferClientModal } from './transfer-client-modal';

function DownloadLink({ link, primary }: { link: PlatformLink; primary?: boolean }) {
  const { t } = useTranslation('labels');
  const url = link.label?.description.trim() ?? '';
  if (!link.label) return <Typography.Text type="warning">{t('noSuchValue', { name: link.name })}</Typography.Text>;
  if (!isDownloadUrl(url)) return <Typography.Text code>{url}</Typography.Text>;
  return (
    <Button type={primary ? 'primary' : 'default'} href={url} target="_blank" rel="noopener noreferrer" data-testid={`download-${link.platform}`}>
      {t('transfer.download', { platform: t(`transfer.platforms.${link.platform}`) })}
    </Button>
  );
}

/**
 * The transfer client's downloads (spec §3 link settings): the version, the visitor's platform first
 * (from the user agent) and the others below. A missing setting reads 'no such value {name}' (spec §8).
 */
export function TransferClient({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation('labels');
  const client = useTransferClient();
  const [editing, setEditing] = useState(false);
  const data = client.data;
  const { mine, others } = forVisitor(data?.links ?? [], userAgent);

  return (
    <Card
      title={t('transfer.client')}
      extra={
        <PermissionGate perms={['manage_label']}>
          <Button onClick={() => setEditing(true)} disabled={client.isPending} data-testid="edit-transfer-links">
            {t('transfer.editLinks')}
          </Button>
        </PermissionGate>
      }
      data-testid="transfer-client"
    >
      {client.isPending ? (
        <Skeleton active />
      ) : client.isError ? (
        <Alert type="error" showIcon title={t('transfer.loadFailed')} />
      ) : (
        <Flex vertical gap={16}>
          {data && data.missing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="transfer-missing"
              title={data.missing.map((name) => t('noSuchValue', { name })).join('; ')}
              description={t('transfer.missingHint')}
            />
          ) : null}
          {data?.version ? (
            <>
              <Descriptions size="small" column={1} items={[{ key: 'version', label: t('transfer.version'), children: <Tag color="blue">{data.version.description}</Tag> }]} />
              {mine ? (
                <Flex vertical gap={8} align="flex-start" data-testid="transfer-mine">
                  <Typography.Text strong>{t('transfer.forYou', { platform: t(`transfer.platforms.${mine.platform}`) })}</Typography.Text>
                  <DownloadLink link={mine} primary />
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('transfer.unknownPlatform')}</Typography.Text>
              )}
              <List
                header={<Typography.Text strong>{mine ? t('transfer.otherPlatforms') : t('transfer.allPlatforms')}</Typography.Text>}
                dataSource={others}
                data-testid="transfer-others"
                renderItem={(link) => (
                  <List.Item extra={<DownloadLink link={link} />}>
                    <List.Item.Meta title={t(`transfer.platforms.${link.platform}`)} description={<Typography.Text type="secondary">{link.name}</Typography.Text>} />
                  </List.Item>
                )}
              />
            </>
          ) : null}
        </Flex>
      )}
      <TransferClientModal open={editing} current={data} onClose={() => setEditing(false)} />
    </Card>
  );
}
