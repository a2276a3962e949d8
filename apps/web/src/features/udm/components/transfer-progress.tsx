import { Progress } from 'antd';
import type { Transfer } from '@starlight/contract/udm';
import { formatBytes } from '../../../lib/format';

/** Bytes moved of the total, and the last speed while it runs. */
export function TransferProgress({ transfer }: { transfer: Transfer }) {
  const percent = transfer.bytes_total ? Math.floor((transfer.bytes_done / transfer.bytes_total) * 100) : transfer.state === 'done' ? 100 : 0;
  const status = transfer.state === 'failed' ? 'exception' : transfer.state === 'done' ? 'success' : 'active';
  return (
    <div data-testid={`transfer-progress-${transfer.id}`}>
      <Progress percent={percent} status={status} size="small" />
      <span>
        {formatBytes(transfer.bytes_done)} / {formatBytes(transfer.bytes_total)}
        {transfer.state === 'running' ? ` · ${formatBytes(transfer.speed)}/s` : ''}
      </span>
    </div>
  );
}
