import { useState } from 'react';
import { Button, Flex, Input, Modal, Select, Space, Switch, Table, Tag as Chip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listSchema } from '@starlight/contract/envelope';
import type { Repository } from '@starlight/contract/images';
import { labelSchema } from '@starlight/contract/labels';
import { apiSpec } from '../../../lib/api-client';
import { usePatchRepository, useRepositories } from '../api/images-api';
import { Readme } from './readme';
import { TagTable } from './tag-table';

const pageSize = 20;

/**
 * Repositories the caller may pull (or, `publicHub`, the public ones for anyone): search by name,
 * filter by label, a row opens its README and tags. Owners switch public/private and edit the README.
 */
export function RepositoryBrowser({ publicHub = false }: { publicHub?: boolean }) {
  const { t } = useTranslation('images');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [labelId, setLabelId] = useState<number | undefined>();
  const [editing, setEditing] = useState<Repository | null>(null);
  const [readme, setReadme] = useState('');
  const repos = useRepositories({ page, page_size: pageSize, ...(search ? { field_lk_name: search } : {}), ...(labelId ? { label_id: labelId } : {}) }, publicHub);
  const labels = useQuery({
    queryKey: ['images', 'label-choices'],
    enabled: !publicHub,
    queryFn: async ({ signal }) => listSchema(labelSchema).parse(await apiSpec('/label/label', { query: { page: 1, page_size: 100 }, signal })),
  });
  const patch = usePatchRepository();

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('repos.search')}
          style={{ maxWidth: 280 }}
          onSearch={(value) => {
            setSearch(value.trim().toLowerCase());
            setPage(1);
          }}
          data-testid="image-search"
        />
        {!publicHub ? (
          <Select
            allowClear
            placeholder={t('repos.label')}
            style={{ minWidth: 160 }}
            value={labelId}
            options={(labels.data?.list ?? []).map((label) => ({ value: label.id, label: `${label.label_type_name}: ${label.name}` }))}
            onChange={(value?: number) => {
              setLabelId(value);
              setPage(1);
            }}
          />
        ) : null}
      </Flex>
      <Table<Repository>
        rowKey={(repo) => `${repo.registry_id}/${repo.name}`}
        data-testid="image-repositories"
        loading={repos.isLoading}
        dataSource={repos.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: publicHub ? t('repos.emptyPublic') : t('repos.empty') }}
        pagination={{ current: page, pageSize, total: repos.data?.total ?? 0, onChange: setPage, showSizeChanger: false, simple: true }}
        expandable={{
          expandedRowRender: (repo) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {repo.readme ? <Readme markdown={repo.readme} /> : null}
              <TagTable repo={repo} publicHub={publicHub} />
            </Space>
          ),
        }}
        columns={[
          { title: t('repos.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong data-testid="repo-name">{name}</Typography.Text> },
          {
            title: t('repos.visibility'),
            dataIndex: 'public',
            render: (isPublic: boolean, repo) =>
              !publicHub && repo.can_push ? (
                <Switch
                  size="small"
                  checked={isPublic}
                  checkedChildren={t('repos.public')}
                  unCheckedChildren={t('repos.private')}
                  loading={patch.isPending}
                  aria-label={t('repos.makePublic')}
                  data-testid="repo-public"
                  onChange={(value) => patch.mutate({ registry_id: repo.registry_id, name: repo.name, public: value })}
                />
              ) : (
                <Chip color={isPublic ? 'green' : 'default'}>{isPublic ? t('repos.public') : t('repos.private')}</Chip>
              ),
          },
          { title: t('repos.labels'), dataIndex: 'labels', render: (list: Repository['labels']) => list.map((label) => <Chip key={label.id}>{label.name}</Chip>) },
          {
            title: t('repos.pull'),
            dataIndex: 'pull',
            render: (pull: string, repo) => (
              <Space wrap>
                <Typography.Text code copyable>
                  {pull}
                </Typography.Text>
                {!publicHub && repo.can_push ? (
                  <Button
                    size="small"
                    onClick={() => {
                      setEditing(repo);
                      setReadme(repo.readme);
                    }}
                  >
                    {t('repos.editReadme')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t('repos.editReadme')}
        onCancel={() => setEditing(null)}
        confirmLoading={patch.isPending}
        onOk={() => {
          if (!editing) return;
          patch.mutate({ registry_id: editing.registry_id, name: editing.name, readme }, { onSuccess: () => setEditing(null) });
        }}
      >
        <Input.TextArea rows={10} value={readme} maxLength={65536} onChange={(event) => setReadme(event.target.value)} />
      </Modal>
    </>
  );
}
