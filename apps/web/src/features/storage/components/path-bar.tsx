import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Home-relative path → its segments ('.' is the home). */
export const segmentsOf = (dir: string): string[] => dir.split('/').filter((s) => s !== '' && s !== '.');
export const joinPath = (dir: string, name: string): string => [...segmentsOf(dir), name].join('/');

/** Breadcrumb of the current directory: each segment opens that directory. */
export function PathBar({ dir, onOpen }: { dir: string; onOpen: (dir: string) => void }) {
  const { t } = useTranslation('storage');
  const segments = segmentsOf(dir);
  const items = [
    { key: '.', title: <a onClick={() => onOpen('.')} data-testid="path-home"><HomeOutlined /> {t('home')}</a> },
    ...segments.map((segment, i) => {
      const target = segments.slice(0, i + 1).join('/');
      return { key: target, title: i === segments.length - 1 ? <span>{segment}</span> : <a onClick={() => onOpen(target)}>{segment}</a> };
    }),
  ];
  return <Breadcrumb items={items} data-testid="path-bar" style={{ fontSize: 15 }} />;
}
