/** Quota limits are entered in binary units (spec §9: sizes scale by 1024) and sent in bytes. */
export const quotaUnits = ['MiB', 'GiB', 'TiB'] as const;
export type QuotaUnit = (typeof quotaUnits)[number];
const factor: Record<QuotaUnit, number> = { MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 };

export function toBytes(amount: number, unit: QuotaUnit): number {
  return Math.round(amount * factor[unit]);
}

/** The largest unit in which the limit is at least 1 (MiB for small ones), for editing an existing limit. */
export function fromBytes(bytes: number): { amount: number; unit: QuotaUnit } {
  const unit = [...quotaUnits].reverse().find((u) => bytes >= factor[u]) ?? 'MiB';
  return { amount: Math.round((bytes / factor[unit]) * 1000) / 1000, unit };
}

/** Share of a limit used, 0..100 (null: no limit or not measured). */
export function usedPercent(used: number | null, limit: number | null): number | null {
  if (used === null || limit === null) return null;
  if (limit === 0) return 100;
  return Math.min(100, Math.round((used / limit) * 1000) / 10);
}
