import { TransferPage } from './storage-transfer';

/** /storage/udtserver: the same client, set up as the receiving (server) side. */
export default function StorageUdtServerPage() {
  return <TransferPage variant="udtServer" />;
}
