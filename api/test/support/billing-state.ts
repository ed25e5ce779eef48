import type { PlanKey, PlanStatus } from '@turnproof/db';
import type { TestApi } from './test-api.ts';

export interface BillingStateFixture {
  plan_key?: PlanKey;
  plan_status?: PlanStatus;
  trial_ends_at?: Date | null;
  grace_ends_at?: Date | null;
  reports_this_period?: number;
}

/** Puts an owner in a billing state directly, for tests about what that state allows (not how it is reached). */
export async function setBillingState(api: TestApi, userId: string, state: BillingStateFixture): Promise<void> {
  const columns = Object.keys(state);
  const values = Object.values(state);
  await api.orm.em.getConnection().execute(
    `insert into billing_accounts (user_id, ${columns.join(', ')}, created_at, updated_at)
     values (?, ${columns.map(() => '?').join(', ')}, now(), now())
     on conflict (user_id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()`,
    [userId, ...values],
  );
}
