import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Space, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Goods, Order } from '@starlight/contract/mall';
import { useCreateGoods, useGoods, useOrderAction, useOrders, usePatchGoods } from '../api/mall-api';
import { PointsRules } from './points-rules';

/** /user-center/shop [online_goods_admin]: goods (every item, on and off the shelf), the points rules and orders. */
export function ShopAdmin() {
  const { t } = useTranslation('mall');
  const [goodsPage, setGoodsPage] = useState({ page: 1, page_size: 10 });
  const [ordersPage, setOrdersPage] = useState({ page: 1, page_size: 10 });
  const goods = useGoods({ ...goodsPage, all: true });
  const orders = useOrders({ ...ordersPage, scope: 'all' });
  const create = useCreateGoods();
  const act = useOrderAction();
  const patch = usePatchGoods();
  const [form] = Form.useForm<{ name: string; price_points: number; stock: number; picture?: string }>();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16} data-testid="shop-admin">
      <Card title={t('goods.title')}>
        <Form form={form} layout="inline" style={{ rowGap: 8, marginBottom: 12 }} onFinish={(v) => create.mutate({ ...v, picture: v.picture ?? '' }, { onSuccess: () => form.resetFields() })}>
          <Form.Item name="name" rules={[{ required: true }]}><Input placeholder={t('goods.name')} /></Form.Item>
          <Form.Item name="picture"><Input placeholder={t('goods.picture')} /></Form.Item>
          <Form.Item name="price_points" rules={[{ required: true }]}><InputNumber min={1} placeholder={t('goods.price')} /></Form.Item>
          <Form.Item name="stock" rules={[{ required: true }]}><InputNumber min={0} placeholder={t('goods.stock')} /></Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>{t('goods.add')}</Button>
        </Form>
        <Table<Goods> rowKey="id" size="small" scroll={{ x: 'max-content' }} dataSource={goods.data?.list}
          pagination={{ current: goodsPage.page, pageSize: goodsPage.page_size, total: goods.data?.total ?? 0, onChange: (p, s) => setGoodsPage({ page: p, page_size: s }) }}
          columns={[{ title: t('goods.name'), dataIndex: 'name' }, { title: t('goods.price'), dataIndex: 'price_points' }, { title: t('goods.stock'), dataIndex: 'stock' }, { title: t('goods.onShelf'), key: 'o', render: (_, g) => <Switch size="small" checked={g.on_shelf} checkedChildren={t('yes')} unCheckedChildren={t('no')} aria-label={`${t('goods.onShelf')} ${g.name}`} onChange={(on_shelf) => patch.mutate({ id: g.id, input: { on_shelf } })} /> }]} />
      </Card>
      <PointsRules />
      <Card title={t('orders.all')}>
        <Table<Order> rowKey="id" size="small" scroll={{ x: 'max-content' }} dataSource={orders.data?.list}
          pagination={{ current: ordersPage.page, pageSize: ordersPage.page_size, total: orders.data?.total ?? 0, onChange: (p, s) => setOrdersPage({ page: p, page_size: s }) }}
          columns={[
            { title: '#', dataIndex: 'id' },
            { title: t('orders.user'), dataIndex: 'user_name' },
            { title: t('goods.name'), dataIndex: 'goods_name' },
            { title: t('orders.points'), dataIndex: 'points' },
            { title: t('orders.status'), key: 's', render: (_, o) => t(`orders.${o.status}`) },
            {
              title: '',
              key: 'a',
              render: (_, o) => (
                <Space>
                  <Button size="small" disabled={o.status !== 'placed'} onClick={() => act.mutate({ id: o.id, action: 'fulfil' })}>{t('orders.fulfil')}</Button>
                  <Button size="small" danger disabled={o.status === 'refunded'} onClick={() => act.mutate({ id: o.id, action: 'refund' })}>{t('orders.refund')}</Button>
                </Space>
              ),
            },
          ]} />
      </Card>
    </Space>
  );
}
