import { useState, type ReactNode } from 'react';
import { Button, Flex, Form, Input, Modal, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { List } from '@starlight/contract/envelope';
import { nameRegex } from '@starlight/contract/validators';
import type { NamedListFilters } from '../api/get-groups';

export interface NamedInput {
  name: string;
  description: string;
}

interface Props<T extends { id: number }> {
  testId: string;
  /** The list query for the current search and page (a hook: called once per render). */
  useList: (filters: NamedListFilters) => UseQueryResult<List<T>>;
  columns: NonNullable<TableProps<T>['columns']>;
  /** Present when the caller may create one: the mutation behind the create dialog. */
  create?: UseMutationResult<unknown, Error, NamedInput>;
  labels: { search: string; create: string; name: string };
  /** Shown in the table when the list is empty. */
  emptyText?: ReactNode;
}

/**
 * The list screens of named things (group-manage, community-manage): a name search, a paged table,
 * and a dialog creating one from a name (§5 name rule) and a description.
 */
export function NamedListManage<T extends { id: number }>({ testId, useList, columns, create, labels, emptyText }: Props<T>) {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<NamedListFilters>({ page: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const list = useList(filters);

  return (
    <div data-testid={testId}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={labels.search}
          onSearch={(name) => setFilters((f) => ({ ...f, page: 1, name }))}
          style={{ width: 220, maxWidth: '100%' }}
          data-testid={`${testId}-search`}
        />
        {create ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid={`${testId}-create`}>
            {labels.create}
          </Button>
        ) : null}
      </Flex>
      <Table<T>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={emptyText ? { emptyText } : undefined}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
        columns={columns}
      />
      {create ? (
        <Modal
          open={creating}
          title={labels.create}
          okText={t('common.create')}
          cancelText={t('common.cancel')}
          onOk={() => form.submit()}
          onCancel={() => setCreating(false)}
          confirmLoading={create.isPending}
          destroyOnHidden
        >
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) =>
              void create.mutateAsync({ name: values.name, description: values.description ?? '' }).then(() => {
                setCreating(false);
                form.resetFields();
              }, () => undefined)
            }
          >
            <Form.Item name="name" label={labels.name} rules={[{ required: true, pattern: nameRegex, message: t('groups.nameRule') }]}>
              <Input />
            </Form.Item>
            <Form.Item name="description" label={t('common.description')}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </div>
  );
}
