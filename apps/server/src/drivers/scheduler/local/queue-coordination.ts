/**
 * Several console instances share one local queue (its jobs are rows in the shared database, its homes
 * a shared data folder), but only one instance may start, watch and stop the job processes: the one
 * that `leads()` (the cluster bus's leader). The others insert submitted jobs and forward kicks and
 * cancels to it. Without a coordination the queue is this instance's alone.
 */
export type QueueMessage = { kind: 'kick' } | { kind: 'cancel'; jobId: number };

export interface LocalQueueCoordination {
  leads(): boolean;
  /** Told true when this instance starts leading (it recovers the queue), false when it stops. */
  onLeadChange(listener: (leads: boolean) => void): () => void;
  /** To the leading instance (not this one). */
  send(message: QueueMessage): void;
  onMessage(listener: (message: QueueMessage) => void): () => void;
}
