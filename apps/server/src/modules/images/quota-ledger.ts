/**
 * What a namespace holds for quota purposes, per console instance: the blobs the last recompute found
 * reachable from tags (`stored`, the truth), plus what pushes through the gate added since (`added`:
 * committed blobs and accepted manifests) and the bytes of uploads still streaming (`streaming`, per upload
 * session). A recompute replaces `stored` and forgets `added`: blobs of an abandoned push are no longer
 * counted once the registry's own view is read again (garbage collection removes them).
 */
export function createQuotaLedger(now: () => Date) {
  const stored = new Map<string, Map<string, number>>();
  const added = new Map<string, Map<string, number>>();
  const streaming = new Map<string, Map<string, { bytes: number; at: number }>>();
  // an upload session a client abandoned stops counting after this
  const sessionTtlMs = 15 * 60_000;
  const key = (registryId: number, namespace: string) => `${registryId}\n${namespace}`;

  return {
    recomputed(registryId: number, namespace: string, digests: Map<string, number>) {
      stored.set(key(registryId, namespace), digests);
      added.delete(key(registryId, namespace));
    },
    /** Bytes the namespace holds (`used` as last recomputed) plus what was added since and `extra`, each digest once. */
    projected(registryId: number, namespace: string, used: number, extra: Map<string, number> = new Map()): number {
      const have = stored.get(key(registryId, namespace)) ?? new Map<string, number>();
      const counted = new Set<string>();
      let total = used;
      for (const blobs of [added.get(key(registryId, namespace)) ?? new Map<string, number>(), extra]) {
        for (const [digest, size] of blobs) {
          if (have.has(digest) || counted.has(digest)) continue;
          counted.add(digest);
          total += size;
        }
      }
      return total;
    },
    add(registryId: number, namespace: string, blobs: Map<string, number>) {
      const map = added.get(key(registryId, namespace)) ?? new Map<string, number>();
      for (const [digest, size] of blobs) map.set(digest, size);
      added.set(key(registryId, namespace), map);
    },
    /** Bytes still streaming in the namespace's other upload sessions. */
    streamingBytes(registryId: number, namespace: string, except: string): number {
      const sessions = streaming.get(key(registryId, namespace));
      let total = 0;
      for (const [session, entry] of sessions ?? []) {
        if (now().getTime() - entry.at > sessionTtlMs) sessions?.delete(session);
        else if (session !== except) total += entry.bytes;
      }
      return total;
    },
    sessionBytes: (registryId: number, namespace: string, session: string) => streaming.get(key(registryId, namespace))?.get(session)?.bytes ?? 0,
    setSession(registryId: number, namespace: string, session: string, bytes: number | null) {
      const sessions = streaming.get(key(registryId, namespace)) ?? new Map<string, { bytes: number; at: number }>();
      if (bytes === null) sessions.delete(session);
      else sessions.set(session, { bytes, at: now().getTime() });
      streaming.set(key(registryId, namespace), sessions);
    },
  };
}

export type QuotaLedger = ReturnType<typeof createQuotaLedger>;

/** The refusal a client shows (docker, podman and skopeo print the registry's `DENIED` message as is). */
export const quotaMessage = (namespace: string, state: string) =>
  `image quota of namespace ${namespace} exceeded: ${state}; delete tags (and let garbage collection run) or ask an administrator for more`;
