import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { firstProblem } from '../api/problems';
import { useAddSshKey, useDeleteSshKey, useSshKeys } from '../api/ssh-keys';

/** One's SSH public keys: paste a .pub line, see type, SHA256 fingerprint and comment, remove. */
export function SshKeysCard() {
  const { t } = useTranslation('profile');
  const keys = useSshKeys();
  const add = useAddSshKey();
  const remove = useDeleteSshKey();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (text.trim() === '') return setProblem(t('keys.required'));
    setProblem(null);
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => setProblem(firstProblem(error).text),
    });
  };

  return (
    <Card title={t('keys.title')} data-testid="ssh-keys-card">
      <List
        dataSource={keys.data ?? []}
        loading={keys.isLoading}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('keys.empty')} /> }}
        renderItem={(key) => (
          <List.Item
            data-testid="ssh-key-row"
            actions={[
              <Popconfirm key="delete" title={t('keys.confirmDelete')} onConfirm={() => remove.mutate(key.id)} okText={t('keys.delete')}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('keys.delete')} data-testid="ssh-key-delete" />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<KeyOutlined style={{ fontSize: 20 }} />}
              title={
                <Flex gap={8} wrap align="center">
                  <Tag>{key.type}</Tag>
                  <span>{key.comment || t('keys.noComment')}</span>
                </Flex>
              }
              description={
                <Flex vertical>
                  <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="ssh-key-fingerprint">
                    {key.fingerprint}
                  </Typography.Text>
                  <Typography.Text type="secondary">{t('keys.added', { time: formatDate(key.created_at) })}</Typography.Text>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
      <Flex vertical gap={8} style={{ marginTop: 12 }}>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('keys.placeholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={problem ? 'error' : undefined}
          spellCheck={false}
          aria-label={t('keys.label')}
          data-testid="ssh-key-input"
        />
        {problem ? (
          <Typography.Text type="danger" data-testid="ssh-key-error">
            {problem}
          </Typography.Text>
        ) : null}
        <Button type="primary" onClick={submit} loading={add.isPending} style={{ alignSelf: 'flex-start' }} data-testid="ssh-key-add">
          {t('keys.add')}
        </Button>
      </Flex>
    </Card>
  );
}
