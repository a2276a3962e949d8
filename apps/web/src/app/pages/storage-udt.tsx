import { TransferPage } from './storage-transfer';

/** /storage/udt: the transfer client for large data, per platform (link settings, spec §3). */
export default function StorageUdtPage() {
  return <TransferPage variant="udt" />;
}
