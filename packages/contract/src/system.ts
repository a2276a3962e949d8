import { z } from 'zod';

/** Uncaught client errors in production are stored in an error log the server keeps (spec §8). */
export const clientErrorInputSchema = z
  .object({
    message: z.string().min(1).max(2000),
    stack: z.string().max(20000).optional(),
    url: z.string().max(2000),
    user_agent: z.string().max(1000).optional(),
  })
  .strict();
export type ClientErrorInput = z.infer<typeof clientErrorInputSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime_s: z.number(),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;
