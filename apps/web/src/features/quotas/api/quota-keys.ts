/** One root for every quota query, so a change invalidates them all (and the availability the jobs form caches). */
export const quotasKey = ['quotas'] as const;
export const availabilityKey = ['kcluster', 'available'] as const;
/** Spec §9: user quotas are cached 60 s, available partitions 3600 s. */
export const userQuotaStaleMs = 60_000;
export const availabilityStaleMs = 3_600_000;
