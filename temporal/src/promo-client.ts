import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { PROMO_CREDIT_LIFETIME_MS, type Config } from '@turnproof/config';
import {
  applyPromoUpdate,
  promoRedemption,
  promoWorkflowId,
  TurnproofOwnerId,
  type PromoApplyAnswer,
  type PromoRedemptionInput,
} from '@turnproof/workflows';

/** Starts (or joins) the organisation's redemption of a code; the workflow grants the credits when it runs. */
function startRedemption(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: Omit<PromoRedemptionInput, 'creditLifetimeMs'>,
  creditLifetimeMs: number,
) {
  return client.workflow.start(promoRedemption, {
    workflowId: promoWorkflowId(input.orgId, input.code),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ ...input, creditLifetimeMs }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    // A finished redemption is never started again, so a code can never be redeemed twice.
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [{ key: TurnproofOwnerId, value: input.redeemedBy }],
  });
}

/**
 * Applies a promo code for an organisation through its `promo/{orgId}/{CODE}` workflow: concurrent and
 * repeated applies all reach the one workflow, which grants once. Null when the code's workflow has
 * already finished (its credits came and expired): the organisation used the code before.
 */
export async function applyPromoCode(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: Omit<PromoRedemptionInput, 'creditLifetimeMs'>,
  creditLifetimeMs = PROMO_CREDIT_LIFETIME_MS,
): Promise<PromoApplyAnswer | null> {
  try {
    const handle = await startRedemption(client, config, input, creditLifetimeMs);
    return await handle.executeUpdate(applyPromoUpdate);
  } catch (error) {
    // Finished before or between our start and update: the code was used before.
    if (error instanceof WorkflowExecutionAlreadyStartedError || error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

/**
 * Redeems a code for a brand-new organisation (at sign-up) without waiting for a worker: starting the
 * workflow is the durable promise of the credits, which the worker grants when it picks the workflow up.
 */
export async function startPromoRedemption(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: Omit<PromoRedemptionInput, 'creditLifetimeMs'>,
  creditLifetimeMs = PROMO_CREDIT_LIFETIME_MS,
): Promise<void> {
  await startRedemption(client, config, input, creditLifetimeMs);
}
