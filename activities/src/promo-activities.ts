import type { MikroORM } from '@mikro-orm/postgresql';

export interface PromoGrantRequest {
  orgId: string;
  code: string;
  redeemedBy: string;
  credits: number;
  lifetimeMs: number;
}

/** Promo credits: granted once per organisation and code (a unique row), removed when they expire. */
export function createPromoActivities({ orm }: { orm: MikroORM }) {
  return {
    /**
     * Records the redemption and its credits in one transaction. The unique (org_id, code) row makes a
     * repeat (a retried activity, or a code used long ago) answer the first redemption instead.
     */
    async grantPromoCredits(request: PromoGrantRequest): Promise<{ redemptionId: string; expiresAt: string }> {
      return orm.em.transactional(async (em) => {
        const connection = em.getConnection();
        const tx = em.getTransactionContext();
        const inserted = await connection.execute<{ id: string; expires_at: Date }[]>(
          `insert into promo_redemptions (id, org_id, code, redeemed_by_id, credits_granted, expires_at, created_at)
           values (gen_random_uuid(), ?, ?, ?, ?, now() + (? * interval '1 millisecond'), now())
           on conflict (org_id, code) do nothing
           returning id, expires_at`,
          [request.orgId, request.code, request.redeemedBy, request.credits, request.lifetimeMs],
          'all',
          tx,
        );
        const created = inserted[0];
        if (created) {
          await connection.execute(
            `insert into report_credits (id, org_id, redemption_id, remaining, expires_at, created_at)
             values (gen_random_uuid(), ?, ?, ?, ?, now())`,
            [request.orgId, created.id, request.credits, created.expires_at],
            'run',
            tx,
          );
        }
        const [redemption] = created
          ? [created]
          : await connection.execute<{ id: string; expires_at: Date }[]>(
              `select id, expires_at from promo_redemptions where org_id = ? and code = ?`,
              [request.orgId, request.code],
              'all',
              tx,
            );
        if (!redemption) throw new Error(`Promo redemption of ${request.code} for ${request.orgId} vanished`);
        return { redemptionId: redemption.id, expiresAt: new Date(redemption.expires_at).toISOString() };
      });
    },

    /** Unused credits of the redemption disappear; the redemption row stays, so the code stays used. */
    async expirePromoCredits(redemptionId: string) {
      await orm.em.getConnection().execute(`delete from report_credits where redemption_id = ?`, [redemptionId]);
    },
  };
}
