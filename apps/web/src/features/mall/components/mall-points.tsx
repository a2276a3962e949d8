import { useState } from 'react';
import { Button, Card, Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Goods, LedgerEntry, Order } from '@starlight/contract/mall';
import { useGoods, useOrders, usePlaceOrder, usePoints } from '../api/mall-api';

/** /user-center/mall-points-manage: my balance, its history, the goods on the shelf and my orders. */
export function MallPoints() {
  const { t } = useTranslation('mall');
  const [ledgerPage, setLedgerPage] = useState({ page: 1, page_size: 10 });
  const [goodsPage, setGoodsPage] = useState({ page: 1, page_size: 10 });
  const [ordersPage, setOrdersPage] = useState({ page: 1, page_size: 10 });
  const points = usePoints(ledgerPage);
  const goods = useGoods(goodsPage);
  const orders = useOrders({ ...ordersPage, scope: 'mine' });
  const order = usePlaceOrder();
  return (
    <Row gutter={[16, 16]} data-testid="mall-points">
      <Col xs={24} xl={10}>
        <Card title={t('points.title')}>
          <Statistic title={t('points.balance')} value={points.data?.balance ?? 0} data-testid="points-balance" />
          <Table<LedgerEntry> rowKey="id" size="small" scroll={{ x: 'max-content' }} dataSource={points.data?.ledger.list}
            pagination={{ current: ledgerPage.page, pageSize: ledgerPage.page_size, total: points.data?.ledger.total ?? 0, onChange: (p, s) => setLedgerPage({ page: p, page_size: s }) }}
            columns={[{ title: t('points.change'), dataIndex: 'delta' }, { title: t('points.after'), dataIndex: 'balance_after' }, { title: t('points.reason'), dataIndex: 'reason' }, { title: t('points.time'), key: 'c', render: (_, e) => e.created_at.slice(0, 19).replace('T', ' ') }]} />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t('goods.title')}>
          <Table<Goods> rowKey="id" size="small" scroll={{ x: 'max-content' }} dataSource={goods.data?.list}
            pagination={{ current: goodsPage.page, pageSize: goodsPage.page_size, total: goods.data?.total ?? 0, onChange: (p, s) => setGoodsPage({ page: p, page_size: s }) }}
            columns={[
              { title: t('goods.name'), dataIndex: 'name' },
              { title: t('goods.price'), dataIndex: 'price_points' },
              { title: t('goods.stock'), dataIndex: 'stock' },
              // one key per click: a double click or a retried request is still one order
              { title: '', key: 'buy', render: (_, g) => <Button size="small" disabled={g.stock < 1} loading={order.isPending} onClick={() => order.mutate({ goods_id: g.id, quantity: 1, idempotency_key: crypto.randomUUID() })}>{t('goods.buy')}</Button> },
            ]} />
        </Card>
        <Card title={t('orders.mine')} style={{ marginTop: 16 }}>
          <Table<Order> rowKey="id" size="small" scroll={{ x: 'max-content' }} dataSource={orders.data?.list}
            pagination={{ current: ordersPage.page, pageSize: ordersPage.page_size, total: orders.data?.total ?? 0, onChange: (p, s) => setOrdersPage({ page: p, page_size: s }) }}
            columns={[{ title: '#', dataIndex: 'id' }, { title: t('goods.name'), dataIndex: 'goods_name' }, { title: t('orders.points'), dataIndex: 'points' }, { title: t('orders.status'), key: 's', render: (_, o) => t(`orders.${o.status}`) }]} />
        </Card>
      </Col>
    </Row>
  );
}
