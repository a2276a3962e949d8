import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Empty, Flex, Input, List, Select, Skeleton, Typography } from 'antd';
import { useBooks, useBookTree, useDocSearch, useDocument } from '../api/get-docs';
import { BookTree } from './book-tree';
import { DocHtml } from './doc-html';

/** /guide/user: the books the reader may read, their tree, a search over all of them (Chinese words too), the page. */
export function Guide() {
  const { t } = useTranslation('docs');
  const books = useBooks();
  const [bookId, setBookId] = useState<number>();
  const [docId, setDocId] = useState<number>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const guideBooks = (books.data?.list ?? []).filter((b) => b.access !== 'public');
  useEffect(() => {
    if (bookId === undefined && guideBooks[0]) setBookId(guideBooks[0].id);
  }, [bookId, guideBooks]);
  const tree = useBookTree(bookId);
  useEffect(() => {
    if (docId === undefined && tree.data?.documents[0]) setDocId(tree.data.documents[0].id);
  }, [docId, tree.data]);
  const doc = useDocument(docId);
  const hits = useDocSearch(q, page);

  return (
    <Flex gap={16} wrap align="flex-start" data-testid="guide">
      <Card size="small" style={{ flex: '1 1 260px', maxWidth: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          data-testid="guide-search"
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        {q ? (
          <List
            data-testid="guide-hits"
            size="small"
            loading={hits.isFetching}
            locale={{ emptyText: t('search.none') }}
            dataSource={hits.data?.list ?? []}
            pagination={hits.data && hits.data.total > 10 ? { current: page, total: hits.data.total, pageSize: 10, size: 'small', onChange: setPage } : false}
            renderItem={(hit) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => setDocId(hit.id)}>
                <List.Item.Meta title={<Typography.Link>{hit.title}</Typography.Link>} description={<span>{hit.book_name} · {hit.snippet}</span>} />
              </List.Item>
            )}
          />
        ) : (
          <>
            <Select
              style={{ width: '100%', margin: '12px 0' }}
              aria-label={t('book')}
              value={bookId}
              loading={books.isLoading}
              options={guideBooks.map((b) => ({ value: b.id, label: b.name }))}
              onChange={(id: number) => {
                setBookId(id);
                setDocId(undefined);
              }}
            />
            <BookTree tree={tree.data} selected={docId} onSelect={setDocId} />
          </>
        )}
      </Card>
      <Card size="small" style={{ flex: '3 1 360px', minWidth: 0, maxWidth: '100%' }}>
        {doc.isLoading ? (
          <Skeleton active />
        ) : doc.data ? (
          <article>
            <Typography.Title level={3}>{doc.data.title}</Typography.Title>
            <DocHtml html={doc.data.html} />
            <Typography.Text type="secondary">{t('updated', { who: doc.data.updated_by, when: new Date(doc.data.updated_at).toLocaleString(), version: doc.data.version })}</Typography.Text>
          </article>
        ) : (
          <Empty description={t('noDocument')} />
        )}
      </Card>
    </Flex>
  );
}
