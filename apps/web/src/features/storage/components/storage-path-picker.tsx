import { useState } from 'react';
import { Breadcrumb, Button, List, Modal, Typography } from 'antd';
import { FileOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dirPageQueryOptions } from '../api/get-dir-info';

const join = (dir: string, name: string) => (dir === '.' ? name : `${dir}/${name}`);

/**
 * The file manager's picker for other pages (an app's File/Directory inputs): browses the bound account's
 * storage and hands back a path relative to the home. Directories open on click; `kind` says what may be chosen.
 */
export function StoragePathPicker({ kind, onPick }: { kind: 'File' | 'Directory'; onPick: (path: string) => void }) {
  const { t } = useTranslation('storage');
  const [open, setOpen] = useState(false);
  const [dir, setDir] = useState('.');
  const listing = useQuery({ ...dirPageQueryOptions({ dir, sort: 'name', order: 'asc', filter: '' }, 1, 200), enabled: open });
  const entries = listing.data?.ok ? listing.data.page.list : [];
  const parts = dir === '.' ? [] : dir.split('/');
  const choose = (path: string) => {
    onPick(path);
    setOpen(false);
  };
  return (
    <>
      <Button icon={<FolderOpenOutlined />} onClick={() => setOpen(true)} data-testid="path-picker-open">
        {t('pathPicker.browse')}
      </Button>
      <Modal
        open={open}
        title={t(kind === 'File' ? 'pathPicker.chooseFile' : 'pathPicker.chooseDir')}
        onCancel={() => setOpen(false)}
        footer={
          kind === 'Directory' ? (
            <Button type="primary" onClick={() => choose(dir)}>
              {t('pathPicker.thisDir')}
            </Button>
          ) : null
        }
        width={560}
      >
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={[{ title: <a onClick={() => setDir('.')}>~</a> }, ...parts.map((p, i) => ({ title: <a onClick={() => setDir(parts.slice(0, i + 1).join('/'))}>{p}</a> }))]}
        />
        {listing.data && !listing.data.ok ? <Typography.Text type="danger">{listing.data.info}</Typography.Text> : null}
        <List
          size="small"
          loading={listing.isLoading}
          dataSource={entries}
          style={{ maxHeight: 360, overflow: 'auto' }}
          data-testid="path-picker-list"
          renderItem={(entry) => {
            const isDir = entry.type === 'dir';
            const path = join(dir, entry.name);
            return (
              <List.Item
                style={{ cursor: 'pointer' }}
                onClick={() => (isDir ? setDir(path) : kind === 'File' ? choose(path) : undefined)}
                data-testid={`path-picker-entry-${entry.name}`}
              >
                {isDir ? <FolderOutlined /> : <FileOutlined />} <span style={{ marginLeft: 8 }}>{entry.name}</span>
              </List.Item>
            );
          }}
        />
      </Modal>
    </>
  );
}
