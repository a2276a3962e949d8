import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, Checkbox, Dropdown, Empty, Result, Spin, type MenuProps } from 'antd';
import { CaretDownOutlined, CaretUpOutlined, FileOutlined, FolderFilled, LinkOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DirSortKey, FileEntry } from '@starlight/contract/storage';
import { formatBytes, formatDate } from '../../../lib/format';
import type { DirQuery } from '../api/get-dir-info';
import { rowAt, visibleRows } from '../hooks/dir-window';
import { dirPageSize, useDirPages } from '../hooks/use-dir-pages';
import './file-list.css';

export const rowHeight = 40;

interface FileListProps {
  query: DirQuery;
  selected: ReadonlySet<string>;
  onSelect: (names: Set<string>) => void;
  onOpen: (entry: FileEntry) => void;
  menuFor: (entry: FileEntry) => MenuProps['items'];
  onMenu: (key: string, entry: FileEntry) => void;
  onSort: (sort: DirSortKey) => void;
  /** Reports the total once known (for the toolbar). */
  onTotal?: (total: number | undefined) => void;
}

function Icon({ entry }: { entry: FileEntry }) {
  if (entry.type === 'dir') return <FolderFilled style={{ color: '#faad14', fontSize: 18 }} />;
  if (entry.type === 'symlink') return <LinkOutlined style={{ fontSize: 16 }} />;
  return <FileOutlined style={{ fontSize: 16, color: '#8c8c8c' }} />;
}

/**
 * The directory listing, virtualised: only the rows on screen exist in the page, and only the pages
 * under them are fetched (server-side sorted and filtered), so 100,000 entries scroll like 100.
 */
export function FileList({ query, selected, onSelect, onOpen, menuFor, onMenu, onSort, onTotal }: FileListProps) {
  const { t } = useTranslation('storage');
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const [knownTotal, setKnownTotal] = useState<number | undefined>(undefined);
  const rowWindow = visibleRows(scrollTop, height, rowHeight, knownTotal ?? dirPageSize);
  const { total, pages, problem, loading } = useDirPages(query, rowWindow);

  useEffect(() => {
    setKnownTotal(total);
    onTotal?.(total);
  }, [total, onTotal]);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.observe(element);
    setHeight(element.clientHeight || 600);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [query.dir, query.filter, query.sort, query.order]);

  const click = (event: MouseEvent, entry: FileEntry) => {
    const next = new Set(event.ctrlKey || event.metaKey ? selected : []);
    if (next.has(entry.name) && (event.ctrlKey || event.metaKey)) next.delete(entry.name);
    else next.add(entry.name);
    onSelect(next);
  };
  const toggle = (entry: FileEntry, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(entry.name);
    else next.delete(entry.name);
    onSelect(next);
  };
  const sortMark = (key: DirSortKey) =>
    query.sort === key ? query.order === 'asc' ? <CaretUpOutlined /> : <CaretDownOutlined /> : null;

  const rows = [];
  const count = knownTotal ?? 0;
  for (let index = rowWindow.first; index <= Math.min(rowWindow.last, count - 1); index++) {
    const entry = rowAt(pages, index, dirPageSize);
    const style = { transform: `translateY(${index * rowHeight}px)`, top: 0 };
    if (!entry) {
      rows.push(
        <div key={`loading-${index}`} className="sl-files-row" style={style}>
          <span />
          <div className="sl-files-skeleton" />
        </div>,
      );
      continue;
    }
    const items = menuFor(entry);
    rows.push(
      <Dropdown key={entry.name} trigger={['contextMenu']} menu={{ items, onClick: ({ key }) => onMenu(key, entry) }}>
        <div
          className={`sl-files-row${selected.has(entry.name) ? ' is-selected' : ''}`}
          style={style}
          data-testid="file-row"
          data-name={entry.name}
          onClick={(event) => click(event, entry)}
          onDoubleClick={() => onOpen(entry)}
        >
          <Checkbox checked={selected.has(entry.name)} onClick={(e) => e.stopPropagation()} onChange={(e) => toggle(entry, e.target.checked)} aria-label={entry.name} />
          <div className="sl-files-name">
            <Icon entry={entry} />
            {entry.type === 'dir' ? (
              <a className="label" onClick={(e) => (e.stopPropagation(), onOpen(entry))}>{entry.name}</a>
            ) : (
              <span className="label" title={entry.name}>{entry.name}</span>
            )}
          </div>
          <span className="sl-files-size">{entry.type === 'dir' ? '—' : formatBytes(entry.size)}</span>
          <span className="sl-files-time">{formatDate(entry.mtime)}</span>
          <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onMenu(key, entry) }}>
            <Button type="text" size="small" icon={<MoreOutlined />} onClick={(e) => e.stopPropagation()} aria-label={t('actions.more')} data-testid="row-menu" />
          </Dropdown>
        </div>
      </Dropdown>,
    );
  }

  return (
    <div className="sl-files" data-testid="file-list">
      <div className="sl-files-head" role="row">
        <span />
        <button type="button" onClick={() => onSort('name')}>{t('columns.name')} {sortMark('name')}</button>
        <button type="button" onClick={() => onSort('size')} style={{ textAlign: 'right', paddingRight: 16 }}>{t('columns.size')} {sortMark('size')}</button>
        <button type="button" className="sl-files-time" onClick={() => onSort('mtime')}>{t('columns.modified')} {sortMark('mtime')}</button>
        <span />
      </div>
      <div ref={viewport} className="sl-files-viewport" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} data-testid="file-viewport">
        {problem ? (
          <Result status="warning" title={t(problem.code === 11502 ? 'problems.missing' : 'problems.unreadable')} subTitle={problem.info} />
        ) : knownTotal === 0 && !loading ? (
          <Empty className="sl-files-empty" description={query.filter ? t('emptyFiltered') : t('empty')} />
        ) : knownTotal === undefined ? (
          <div className="sl-files-empty"><Spin /></div>
        ) : (
          <div style={{ height: count * rowHeight, position: 'relative' }}>{rows}</div>
        )}
      </div>
    </div>
  );
}
