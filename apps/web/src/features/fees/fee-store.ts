import type { FeeStatus, GroupCpuHours } from '@starlight/contract/fees';

/*
 * Spec §3 and §4: the CPU-hours record per user and per group (with timestamp and response code) and the
 * fee-over flag are kept in local storage, so a reload starts from what was last known.
 */
const userRecordKey = 'starlight.cpuHours.user';
const groupRecordKey = (groupId: number) => `starlight.cpuHours.group.${groupId}`;
const flagKey = 'starlight.feeOver';
/** §4: group CPU-hours are reloaded only when the last load failed or is older than an hour. */
export const groupReloadMs = 3600_000;

export interface StoredRecord<T> {
  spec: T | null;
  code: number;
  timestamp: number;
}

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or denied: the in-memory answer still serves this page
  }
}

/** The fee-over flag starts from the stored value, false when none. */
export const storedFeeOver = (): boolean => read<boolean>(flagKey) === true;
export const storedUserRecord = (): StoredRecord<FeeStatus> | null => read(userRecordKey);

/**
 * §4 fee-over rule around one fee-status call: a success with a spec stores the record and sets the flag
 * from spec.over_limit; a failure clears the flag and passes the failure on; no spec changes nothing.
 */
export async function applyFeeStatus(load: () => Promise<{ code: number; spec: FeeStatus | null }>): Promise<FeeStatus | null> {
  let answer: { code: number; spec: FeeStatus | null };
  try {
    answer = await load();
  } catch (error) {
    write(flagKey, false);
    throw error;
  }
  if (!answer.spec) return storedUserRecord()?.spec ?? null;
  write(userRecordKey, { spec: answer.spec, code: answer.code, timestamp: Date.now() } satisfies StoredRecord<FeeStatus>);
  write(flagKey, Boolean(answer.spec.over_limit));
  return answer.spec;
}

const inflight = new Map<number, Promise<GroupCpuHours>>();

/** A group's CPU-hours: the stored record while fresh and successful; concurrent loads share one call. */
export function loadGroupRecord(groupId: number, load: () => Promise<{ code: number; spec: GroupCpuHours }>, now = Date.now()): Promise<GroupCpuHours> {
  const stored = read<StoredRecord<GroupCpuHours>>(groupRecordKey(groupId));
  if (stored?.spec && stored.code === 200 && now - stored.timestamp < groupReloadMs) return Promise.resolve(stored.spec);
  const running = inflight.get(groupId);
  if (running) return running;
  const next = load()
    .then((answer) => {
      write(groupRecordKey(groupId), { spec: answer.spec, code: answer.code, timestamp: Date.now() });
      return answer.spec;
    })
    .catch((error: unknown) => {
      write(groupRecordKey(groupId), { spec: stored?.spec ?? null, code: (error as { code?: number }).code ?? 0, timestamp: Date.now() });
      throw error;
    })
    .finally(() => inflight.delete(groupId));
  inflight.set(groupId, next);
  return next;
}
