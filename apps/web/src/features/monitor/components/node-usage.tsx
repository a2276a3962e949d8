import { Flex, Progress, Typography } from 'antd';
import { formatBytes } from '../../../lib/format';

const mib = 1024 * 1024;

export function CpuUsage({ alloc, total }: { alloc: number; total: number }) {
  return (
    <Flex vertical gap={0} style={{ minWidth: 120 }}>
      <Typography.Text>
        {alloc} / {total}
      </Typography.Text>
      <Progress percent={total > 0 ? Math.round((alloc / total) * 100) : 0} size="small" showInfo={false} />
    </Flex>
  );
}

/** Allocated memory is not known on every scheduler (the local queue does not count it). */
export function MemoryUsage({ allocMb, totalMb }: { allocMb: number | null; totalMb: number }) {
  if (allocMb === null) return <Typography.Text>{formatBytes(totalMb * mib)}</Typography.Text>;
  return (
    <Flex vertical gap={0} style={{ minWidth: 140 }}>
      <Typography.Text>
        {formatBytes(allocMb * mib)} / {formatBytes(totalMb * mib)}
      </Typography.Text>
      <Progress percent={totalMb > 0 ? Math.round((allocMb / totalMb) * 100) : 0} size="small" showInfo={false} />
    </Flex>
  );
}
