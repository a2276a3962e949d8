import { z } from 'zod';
import { schedulerTokenHeader } from './auth';

/** Spec §7 "Scheduler service": POST /scheduler/ui/token answers spec['Scheduler-Token'] (cookie lifetime 1 day, §9). */
export const schedulerTokenLifetimeMs = 24 * 60 * 60 * 1000;

export const schedulerTokenSchema = z.object({ [schedulerTokenHeader]: z.string(), expires_at: z.string() });
export type SchedulerToken = z.infer<typeof schedulerTokenSchema>;
