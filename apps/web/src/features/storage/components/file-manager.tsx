import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Button, Flex, Input, Space, Typography, type MenuProps } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, FolderAddOutlined, FolderOpenOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DirSortKey, FileEntry } from '@starlight/contract/storage';
import { feedback } from '../../../lib/feedback';
import { copyFile } from '../api/copy-file';
import { createShareLink } from '../api/create-share-link';
import { deleteFile } from '../api/delete-file';
import { downloadFile } from '../api/download-file';
import type { DirQuery } from '../api/get-dir-info';
import { dirQueryKey } from '../api/get-dir-info';
import { useUserStoragePath } from '../api/get-user-storage-path';
import { makeDirectory } from '../api/make-directory';
import { renameFile } from '../api/rename-file';
import { previewTypeOf } from '../api/view-file';
import { directoriesOf, filesFromDrop, filesFromInput, type PickedFile } from '../upload/dropped-files';
import { onUploaded, useUploadStore } from '../upload/upload-store';
import { FileList } from './file-list';
import { NamePrompt, type NamePromptState } from './name-prompt';
import { joinPath, PathBar } from './path-bar';
import { PreviewModal } from './preview-modal';
import { StoragePicker } from './storage-picker';
import { useStorageTarget } from '../storage-target';
import { UploadPanel } from './upload-panel';

/** The storage area's file manager: the bound account's home, browsed, changed and uploaded to. */
export function FileManager({ initialDir }: { initialDir?: string | undefined } = {}) {
  const { t } = useTranslation('storage');
  const queryClient = useQueryClient();
  const home = useUserStoragePath();
  const enqueue = useUploadStore((s) => s.enqueue);
  const uploading = useUploadStore((s) => s.items.some((item) => item.status === 'queued' || item.status === 'uploading'));
  const storageTarget = useStorageTarget((s) => s.target);
  // a link from elsewhere (an app run's outputs) opens the folder it names
  const [dir, setDir] = useState(initialDir || '.');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ sort: DirSortKey; order: 'asc' | 'desc' }>({ sort: 'name', order: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [prompt, setPrompt] = useState<NamePromptState | null>(null);
  const [preview, setPreview] = useState<{ path: string; name: string; type: 'text' | 'image' | 'pdf' } | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const query: DirQuery = { dir, filter, ...sort };

  const refresh = useCallback((path = dir) => queryClient.invalidateQueries({ queryKey: dirQueryKey(path) }), [queryClient, dir]);
  useEffect(() => onUploaded(() => void queryClient.invalidateQueries({ queryKey: ['storage', 'dir'] })), [queryClient]);

  const open = (next: string) => {
    setDir(next === '' ? '.' : next);
    setSelected(new Set());
    setFilter('');
  };
  const pathOf = (name: string) => joinPath(dir, name);
  const absolute = (name: string) => `${home.data?.path ?? ''}/${pathOf(name)}`;

  const upload = async (picked: PickedFile[]) => {
    if (picked.length === 0) return;
    for (const sub of directoriesOf(picked)) await makeDirectory({ path: pathOf(sub), parents: true });
    enqueue(picked.map(({ file, relativePath }) => ({ file, target: pathOf(relativePath) })));
  };

  const remove = (names: string[]) =>
    feedback().modal.confirm({
      title: t('confirmDelete.title', { count: names.length }),
      content: t('confirmDelete.content'),
      okButtonProps: { danger: true },
      onOk: async () => {
        for (const name of names) await deleteFile(pathOf(name));
        setSelected(new Set());
        await refresh();
        feedback().message.success(t('deleted', { count: names.length }));
      },
    });

  const menuFor = (entry: FileEntry): MenuProps['items'] => [
    entry.type === 'dir' ? { key: 'open', label: t('actions.open') } : { key: 'preview', label: t('actions.preview'), disabled: !previewTypeOf(entry.name) },
    { key: 'download', label: entry.type === 'dir' ? t('actions.downloadTar') : t('actions.download') },
    { key: 'rename', label: t('actions.rename') },
    { key: 'copy', label: t('actions.copy') },
    { key: 'copyPath', label: t('actions.copyPath') },
    // share links point into the default storage only (the datafile view reads it)
    ...(entry.type === 'file' && storageTarget === null ? [{ key: 'share', label: t('actions.share') }] : []),
    { type: 'divider' },
    { key: 'delete', label: t('actions.delete'), danger: true },
  ];

  const onMenu = (key: string, entry: FileEntry) => {
    const path = pathOf(entry.name);
    switch (key) {
      case 'open':
        return open(path);
      case 'preview': {
        const type = previewTypeOf(entry.name);
        if (type) setPreview({ path, name: entry.name, type });
        return;
      }
      case 'download':
        return void downloadFile(path, entry.type === 'dir' ? `${entry.name}.tar` : entry.name).catch(() => undefined);
      case 'rename':
        return setPrompt({
          title: t('actions.rename'),
          label: t('prompts.newName'),
          initial: entry.name,
          onSubmit: async (name) => {
            await renameFile({ from: path, to: name.includes('/') ? name : pathOf(name) });
            await refresh();
          },
        });
      case 'copy':
        return setPrompt({
          title: t('actions.copy'),
          label: t('prompts.copyTo'),
          initial: pathOf(t('prompts.copyName', { name: entry.name })),
          onSubmit: async (to) => {
            await copyFile({ from: path, to });
            await queryClient.invalidateQueries({ queryKey: ['storage', 'dir'] });
          },
        });
      case 'copyPath':
        return void navigator.clipboard?.writeText(absolute(entry.name)).then(() => feedback().message.success(t('pathCopied')));
      case 'share':
        return void createShareLink({ path }).then((link) => {
          const url = `${window.location.origin}${link.url_path}`;
          void navigator.clipboard?.writeText(url).catch(() => undefined);
          feedback().modal.info({
            title: t('shared.created'),
            content: <Typography.Paragraph copyable={{ text: url }} data-testid="share-url" style={{ wordBreak: 'break-all' }}>{url}</Typography.Paragraph>,
          });
        });
      case 'delete':
        return remove([entry.name]);
    }
  };

  const pick = (input: HTMLInputElement) => {
    if (input.files) void upload(filesFromInput(input.files));
    input.value = '';
  };

  const drop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    await upload(await filesFromDrop(event.dataTransfer));
  };

  if (home.isError)
    return <Alert type="warning" showIcon title={t('unbound')} data-testid="storage-unbound" />;

  const selectedNames = [...selected];
  return (
    <div
      data-testid="file-manager"
      onDragOver={(e) => (e.preventDefault(), setDragging(true))}
      onDragLeave={(e) => e.currentTarget === e.target && setDragging(false)}
      onDrop={(e) => void drop(e)}
      style={{ outline: dragging ? '2px dashed #1890ff' : undefined, outlineOffset: 4, borderRadius: 8 }}
    >
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          <StoragePicker locked={uploading} onChange={() => open('.')} />
          <PathBar dir={dir} onOpen={open} />
        </Space>
        <Typography.Text type="secondary" data-testid="entry-count">{total === undefined ? '' : t('count', { count: total })}</Typography.Text>
      </Flex>
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => fileInput.current?.click()} data-testid="upload-files">{t('actions.uploadFiles')}</Button>
          <Button icon={<FolderOpenOutlined />} onClick={() => folderInput.current?.click()}>{t('actions.uploadFolder')}</Button>
          <Button
            icon={<FolderAddOutlined />}
            data-testid="new-folder"
            onClick={() =>
              setPrompt({
                title: t('actions.newFolder'),
                label: t('prompts.folderName'),
                initial: '',
                onSubmit: async (name) => {
                  await makeDirectory({ path: pathOf(name) });
                  await refresh();
                },
              })
            }
          >
            {t('actions.newFolder')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} aria-label={t('actions.refresh')} />
          {selectedNames.length > 0 ? (
            <>
              <Button icon={<DownloadOutlined />} onClick={() => selectedNames.forEach((n) => onMenu('download', { name: n, type: 'file', size: 0, mtime: 0, mode: 0 }))}>
                {t('actions.downloadSelected', { count: selectedNames.length })}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={() => remove(selectedNames)} data-testid="delete-selected">
                {t('actions.deleteSelected', { count: selectedNames.length })}
              </Button>
            </>
          ) : null}
        </Space>
        <Input.Search allowClear placeholder={t('filter')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ width: 240, maxWidth: '100%' }} data-testid="filter" />
      </Flex>
      <UploadPanel />
      <FileList
        query={query}
        selected={selected}
        onSelect={setSelected}
        onOpen={(entry) => (entry.type === 'dir' ? open(pathOf(entry.name)) : onMenu('preview', entry))}
        menuFor={menuFor}
        onMenu={onMenu}
        onSort={(key) => setSort((s) => ({ sort: key, order: s.sort === key && s.order === 'asc' ? 'desc' : 'asc' }))}
        onTotal={setTotal}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>{t('dropHint')}</Typography.Text>
      <input ref={fileInput} type="file" multiple hidden data-testid="file-input" onChange={(e) => pick(e.target)} />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        hidden
        onChange={(e) => pick(e.target)}
      />
      <NamePrompt prompt={prompt} onClose={() => setPrompt(null)} />
      <PreviewModal file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

