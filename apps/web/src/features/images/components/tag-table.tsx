import { useState } from 'react';
import { Button, Drawer, Popconfirm, Space, Table, Tag as Chip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Repository, Tag } from '@starlight/contract/images';
import { formatBytes, formatDate } from '../../../lib/format';
import { useDeleteTag, useLayers, useTags } from '../api/images-api';

const platformText = (platform: Tag['platforms'][number]) => [platform.os, platform.architecture, platform.variant].filter(Boolean).join('/');

/** A repository's tags: digest, size, platforms, created, the pull command to copy, layers, delete. */
export function TagTable({ repo, publicHub }: { repo: Repository; publicHub: boolean }) {
  const { t } = useTranslation('images');
  const ref = { registry_id: repo.registry_id, name: repo.name };
  const tags = useTags(ref, publicHub);
  const remove = useDeleteTag();
  const [layersOf, setLayersOf] = useState<string | null>(null);
  const layers = useLayers(layersOf ? { ...ref, tag: layersOf } : null, publicHub);
  return (
    <>
      <Table<Tag>
        size="small"
        rowKey="name"
        data-testid="image-tags"
        loading={tags.isLoading}
        dataSource={tags.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('tags.tag'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          { title: t('tags.size'), dataIndex: 'size', render: (size: number) => formatBytes(size) },
          { title: t('tags.digest'), dataIndex: 'digest', render: (digest: string) => <Typography.Text code copyable={{ text: digest }}>{digest.slice(7, 19)}</Typography.Text> },
          { title: t('tags.platforms'), dataIndex: 'platforms', render: (platforms: Tag['platforms']) => platforms.map((p) => <Chip key={platformText(p)}>{platformText(p)}</Chip>) },
          { title: t('tags.created'), dataIndex: 'created', render: (created: string | null) => (created ? formatDate(created) : '—') },
          {
            title: t('tags.actions'),
            key: 'actions',
            render: (_: unknown, tag) => (
              <Space wrap>
                <Typography.Text copyable={{ text: tag.pull, tooltips: [t('tags.copyPull'), t('tags.copied')] }} data-testid="pull-command">
                  {t('tags.pull')}
                </Typography.Text>
                <Button size="small" onClick={() => setLayersOf(tag.name)}>
                  {t('tags.layers')}
                </Button>
                {!publicHub && repo.can_delete ? (
                  <Popconfirm title={t('tags.deleteConfirm', { tag: tag.name })} onConfirm={() => remove.mutate({ ...ref, tag: tag.name })}>
                    <Button size="small" danger>
                      {t('tags.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={layersOf !== null} onClose={() => setLayersOf(null)} title={t('layers.title', { image: `${repo.name}:${layersOf ?? ''}` })} size="large" styles={{ body: { padding: 12 } }}>
        <Table
          size="small"
          rowKey={(_, index) => String(index)}
          data-testid="image-layers"
          loading={layers.isLoading}
          dataSource={layers.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('layers.command'), dataIndex: 'created_by', render: (text: string) => <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</Typography.Text> },
            { title: t('tags.size'), dataIndex: 'size', render: (size: number | null, row) => (row.empty ? t('layers.empty') : formatBytes(size ?? 0)) },
            { title: t('tags.created'), dataIndex: 'created', render: (created: string | null) => (created ? formatDate(created) : '—') },
          ]}
        />
      </Drawer>
    </>
  );
}
