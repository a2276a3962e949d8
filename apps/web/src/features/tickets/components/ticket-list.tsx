import { useState } from 'react';
import { Flex, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ticketCategories, ticketStates, type Ticket, type TicketCategory, type TicketState } from '@starlight/contract/tickets';
import { formatDate } from '../../../lib/format';
import { useAssignees, useTickets } from '../api/tickets';
import { TicketStateTag, useDuration } from './ticket-tags';

/** /ticket/manage: the caller's tickets, or (staff) the queue of every ticket, filtered and paged on the server. */
export function TicketList({ staff }: { staff: boolean }) {
  const { t } = useTranslation('tickets');
  const duration = useDuration();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<TicketState | undefined>();
  const [category, setCategory] = useState<TicketCategory | undefined>();
  const [assigneeId, setAssigneeId] = useState<number | undefined>();
  const [minAgeDays, setMinAgeDays] = useState<number | undefined>();
  const [title, setTitle] = useState('');
  const assignees = useAssignees(staff);
  const list = useTickets({ page, pageSize: 20, state, category, assigneeId, title, minAgeDays });
  const reset = <T,>(set: (v: T) => void) => (v: T) => (set(v), setPage(1));
  const columns: ColumnsType<Ticket> = [
    { title: '#', dataIndex: 'id', width: 70, render: (id: number) => <Link to={`/ticket/detail/${id}`}>#{id}</Link> },
    { title: t('fields.title'), dataIndex: 'title', ellipsis: true, render: (v: string, r) => <Link to={`/ticket/detail/${r.id}`} data-testid="ticket-row-title">{v}</Link> },
    { title: t('fields.category'), dataIndex: 'category', render: (c: TicketCategory) => t(`categories.${c}`) },
    ...(staff ? [{ title: t('fields.user'), dataIndex: 'user_name' }, { title: t('fields.assignee'), dataIndex: 'assignee_name', render: (v: string | null) => v ?? '—' }] : []),
    { title: t('fields.state'), dataIndex: 'state', render: (s: TicketState) => <TicketStateTag state={s} /> },
    { title: t('fields.firstResponse'), dataIndex: 'first_response_seconds', render: duration },
    { title: t('fields.created'), dataIndex: 'created_at', render: (v: string) => formatDate(v) },
  ];
  return (
    <div data-testid="ticket-list">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('fields.state')} style={{ minWidth: 140 }} value={state} onChange={reset(setState)} options={ticketStates.map((s) => ({ value: s, label: t(`states.${s}`) }))} data-testid="filter-state" />
        <Select allowClear placeholder={t('fields.category')} style={{ minWidth: 140 }} value={category} onChange={reset(setCategory)} options={ticketCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
        {staff ? (
          <Select
            allowClear
            placeholder={t('fields.assignee')}
            style={{ minWidth: 160 }}
            value={assigneeId}
            onChange={reset(setAssigneeId)}
            options={[{ value: 0, label: t('list.unassigned') }, ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.user_name }))]}
          />
        ) : null}
        <Select
          allowClear
          placeholder={t('list.age')}
          style={{ minWidth: 140 }}
          value={minAgeDays}
          onChange={reset(setMinAgeDays)}
          options={[1, 3, 7, 30].map((d) => ({ value: d, label: t('list.olderThan', { count: d }) }))}
        />
        <Input.Search allowClear placeholder={t('fields.title')} style={{ maxWidth: 220 }} onSearch={reset(setTitle)} />
      </Flex>
      <Table
        rowKey="id"
        size="middle"
        scroll={{ x: 720 }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </div>
  );
}
