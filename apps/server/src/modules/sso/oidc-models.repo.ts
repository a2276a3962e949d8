import { and, eq, isNull, lt, or, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoOidcModels } from '../../db/schema/sso';

type Payload = Record<string, unknown>;

/**
 * oidc-provider's adapter interface (upsert, find, findByUid, findByUserCode, consume, destroy,
 * revokeByGrantId) over one table, so sessions, interactions, codes, tokens and grants survive a
 * restart and are shared by every instance.
 */
export function createOidcModelsRepo(db: Database, now: () => Date) {
  const live = () => or(isNull(ssoOidcModels.expiresAt), gt(ssoOidcModels.expiresAt, now()));

  const adapterFor = (model: string) => ({
    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? new Date(now().getTime() + expiresIn * 1000) : null;
      const values = {
        model,
        id,
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt,
        consumedAt: null,
      };
      await db
        .insert(ssoOidcModels)
        .values(values)
        .onConflictDoUpdate({ target: [ssoOidcModels.model, ssoOidcModels.id], set: { ...values } });
    },

    async find(id: string): Promise<Payload | undefined> {
      const [row] = await db
        .select({ payload: ssoOidcModels.payload })
        .from(ssoOidcModels)
        .where(and(eq(ssoOidcModels.model, model), eq(ssoOidcModels.id, id), live()));
      return row?.payload;
    },

    async findByUid(uid: string): Promise<Payload | undefined> {
      const [row] = await db
        .select({ payload: ssoOidcModels.payload })
        .from(ssoOidcModels)
        .where(and(eq(ssoOidcModels.model, model), eq(ssoOidcModels.uid, uid), live()));
      return row?.payload;
    },

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      const [row] = await db
        .select({ payload: ssoOidcModels.payload })
        .from(ssoOidcModels)
        .where(and(eq(ssoOidcModels.model, model), eq(ssoOidcModels.userCode, userCode), live()));
      return row?.payload;
    },

    /** Marks a code or token used; oidc-provider reads `consumed` from the payload. */
    async consume(id: string): Promise<void> {
      const at = now();
      await db
        .update(ssoOidcModels)
        .set({ consumedAt: at, payload: sql`${ssoOidcModels.payload} || jsonb_build_object('consumed', ${Math.floor(at.getTime() / 1000)}::int)` })
        .where(and(eq(ssoOidcModels.model, model), eq(ssoOidcModels.id, id)));
    },

    async destroy(id: string): Promise<void> {
      await db.delete(ssoOidcModels).where(and(eq(ssoOidcModels.model, model), eq(ssoOidcModels.id, id)));
    },

    /** A revoked grant takes every code and token issued under it along. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(ssoOidcModels).where(eq(ssoOidcModels.grantId, grantId));
    },
  });

  return {
    adapterFor,
    /** Every session-independent artifact issued to a removed client (grants, codes, tokens). */
    async revokeByClientId(clientId: string): Promise<void> {
      await db.delete(ssoOidcModels).where(sql`${ssoOidcModels.payload} ->> 'clientId' = ${clientId}`);
    },

    /** Drops expired rows; run now and then (they are already invisible to find). */
    async purgeExpired(): Promise<number> {
      const rows = await db.delete(ssoOidcModels).where(lt(ssoOidcModels.expiresAt, now())).returning({ id: ssoOidcModels.id });
      return rows.length;
    },
  };
}

export type OidcModelsRepo = ReturnType<typeof createOidcModelsRepo>;
export type OidcModelAdapter = ReturnType<OidcModelsRepo['adapterFor']>;
