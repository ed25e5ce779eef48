import { isGrpcServiceError, type Connection } from '@temporalio/client';
import Long from 'long';

const GRPC_NOT_FOUND = 5;
const GRPC_ALREADY_EXISTS = 6;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * How long Temporal keeps a closed workflow: support looks closed runs up for a month, and the
 * REJECT_DUPLICATE ids (run, promo, trial) only hold within retention.
 */
export const NAMESPACE_RETENTION_DAYS = 30;

/**
 * Registers the namespace with our retention, or sets the retention of an existing one (a dev server's
 * `default` comes with a day). Returns what it did.
 */
export async function ensureNamespace(
  connection: Connection,
  namespace: string,
  retentionDays = NAMESPACE_RETENTION_DAYS,
): Promise<'registered' | 'updated' | 'unchanged'> {
  const retention = { seconds: Long.fromNumber(retentionDays * DAY_SECONDS) };
  try {
    const described = await connection.workflowService.describeNamespace({ namespace });
    if (Number(described.config?.workflowExecutionRetentionTtl?.seconds ?? 0) === retention.seconds.toNumber())
      return 'unchanged';
    await connection.workflowService.updateNamespace({
      namespace,
      config: { workflowExecutionRetentionTtl: retention },
    });
    return 'updated';
  } catch (error) {
    if (!(isGrpcServiceError(error) && error.code === GRPC_NOT_FOUND)) throw error;
  }
  try {
    await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: retention });
  } catch (error) {
    // Another process registered it between our describe and register.
    if (!(isGrpcServiceError(error) && error.code === GRPC_ALREADY_EXISTS)) throw error;
  }
  return 'registered';
}
