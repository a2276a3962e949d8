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
  if (!link.label) return <Typography.Text type="secondary" data-testid={`not-published-${link.platform}`}>{t('transfer.notPublishedFor', { platform: t(`transfer.platforms.${link.platform}`) })}</Typography.Text>;
  if (!isDownloadUrl(url)) return <Typography.Text code>{url}</Typography.Text>;
  return (
    <Button type={primary ? 'primary' : 'default'} href={url} target="_blank" rel="noopener noreferrer" data-testid={`download-${link.platform}`}>
      {t('transfer.download', { platform: t(`transfer.platforms.${link.platform}`) })}
    </Button>
  );
}

/**
 * The transfer client's downloads (spec §3 link settings): the version, the visitor's platform first
 * (from the user agent) and the others below. Users read that the administrator has not published the
 * client (or a platform's build) yet; the settings still to set are named to manage_label holders only.
 * The spec's 'no such value {name}' (§8) stays the rejection of the call needing one value (linkValue).
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
          {data && !data.version ? <Alert type="info" showIcon data-testid="transfer-not-published" title={t('transfer.notPublished')} /> : null}
          {data && data.missing.length > 0 ? (
            // the setting names are for whoever can set them; users read the sentences above and below
            <PermissionGate perms={['manage_label']}>
              <Alert
                type="warning"
                showIcon
                data-testid="transfer-missing"
                title={t('transfer.missingSettings', { names: data.missing.join(', ') })}
                description={t('transfer.missingHint')}
              />
            </PermissionGate>
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
