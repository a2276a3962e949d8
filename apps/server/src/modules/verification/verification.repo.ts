import { and, count, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas, outbox, verificationCodes } from '../../db/schema/verification';

export type NewCodeRow = typeof verificationCodes.$inferInsert;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type CodePurpose = CodeRow['purpose'];
export type CodeChannel = CodeRow['channel'];
export type NewOutboxRow = typeof outbox.$inferInsert;

export function createVerificationRepo(db: Database) {
  return {
    async insertCaptcha(id: string, answerHash: string, expiresAt: Date): Promise<void> {
      await db.insert(captchas).values({ id, answerHash, expiresAt });
    },

    /** Marks a live captcha used and answers its hash; undefined when unknown, used or expired (any try burns it). */
    async takeCaptcha(id: string, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(captchas)
        .set({ usedAt: at })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, at)))
        .returning({ answerHash: captchas.answerHash });
      return row?.answerHash;
    },

    async pruneCaptchas(before: Date): Promise<void> {
      await db.delete(captchas).where(lt(captchas.expiresAt, before));
    },

    async countCodesForAddress(address: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.address, address), gt(verificationCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async countCodesForIp(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async latestCodeFor(address: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.address, address), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
        .limit(1);
      return row;
    },

    /** A new code retires the earlier unused ones for the same purpose and address. */
    async insertCode(values: NewCodeRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ usedAt: values.createdAt ?? new Date() })
          .where(
            and(
              eq(verificationCodes.purpose, values.purpose),
              eq(verificationCodes.channel, values.channel),
              eq(verificationCodes.address, values.address),
              isNull(verificationCodes.usedAt),
            ),
          );
        await tx.insert(verificationCodes).values(values);
      });
    },

    /** The live (unused, unexpired) code for a purpose and address, if any. */
    async liveCode(purpose: CodePurpose, channel: CodeChannel, address: string, at: Date): Promise<CodeRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.channel, channel),
            eq(verificationCodes.address, address),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, at),
          ),
        )
        .orderBy(desc(verificationCodes.id))
        .limit(1);
      return row;
    },

    async countAttempt(id: number): Promise<void> {
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, id));
    },

    /** Uses the code up; false when a concurrent call used it first. */
    async markCodeUsed(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ usedAt: at })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length > 0;
    },

    async insertOutbox(values: NewOutboxRow): Promise<void> {
      await db.insert(outbox).values(values);
    },

    async listOutbox(filter: { address?: string | undefined; channel?: CodeChannel | undefined }, limit: number, offset: number) {
      const conditions: SQL[] = [];
      if (filter.address) conditions.push(eq(outbox.address, filter.address));
      if (filter.channel) conditions.push(eq(outbox.channel, filter.channel));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [list, [total]] = await Promise.all([
        db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(outbox).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },
  };
}

export type VerificationRepo = ReturnType<typeof createVerificationRepo>;
