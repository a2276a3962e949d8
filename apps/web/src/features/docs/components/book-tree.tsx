import { useMemo } from 'react';
import { Empty, Tree } from 'antd';
import type { BookTree as Tree_ } from '@starlight/contract/docs';

/** A book's chapters with their documents (documents outside any chapter come first); a leaf selects a document. */
export function BookTree({ tree, selected, onSelect }: { tree: Tree_ | undefined; selected: number | undefined; onSelect: (id: number) => void }) {
  const data = useMemo(() => {
    if (!tree) return [];
    const leaf = (d: Tree_['documents'][number]) => ({ key: `d${d.id}`, title: d.title, isLeaf: true });
    const loose = tree.documents.filter((d) => d.chapter_id === null).map(leaf);
    const chapters = tree.chapters.map((c) => ({ key: `c${c.id}`, title: c.title, selectable: false, children: tree.documents.filter((d) => d.chapter_id === c.id).map(leaf) }));
    return [...loose, ...chapters];
  }, [tree]);
  if (tree && data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree
      data-testid="doc-tree"
      defaultExpandAll
      treeData={data}
      selectedKeys={selected ? [`d${selected}`] : []}
      onSelect={(keys) => {
        const key = String(keys[0] ?? '');
        if (key.startsWith('d')) onSelect(Number(key.slice(1)));
      }}
    />
  );
}
