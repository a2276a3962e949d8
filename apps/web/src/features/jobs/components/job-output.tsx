import { useEffect, useRef } from 'react';
import { Card, Empty, Typography } from 'antd';

/** A file's last bytes, as text in monospace (never as HTML), scrolled to its end: the newest lines. */
export function JobOutput({ title, path, text, emptyText, testId }: { title: string; path?: string; text: string | null; emptyText: string; testId: string }) {
  const pre = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (pre.current) pre.current.scrollTop = pre.current.scrollHeight;
  }, [text]);
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      {path ? (
        <Typography.Paragraph type="secondary" copyable={{ text: path }} style={{ fontSize: 12, marginBottom: 8, wordBreak: 'break-all' }}>
          {path}
        </Typography.Paragraph>
      ) : null}
      {text ? (
        <pre ref={pre} className="sl-job-pre" data-testid={testId}>
          {text}
        </pre>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid={`${testId}-empty`} />
      )}
    </Card>
  );
}
