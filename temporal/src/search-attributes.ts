import { isGrpcServiceError, type Connection } from '@temporalio/client';
import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes.js';
import { turnproofSearchAttributes } from '@turnproof/workflows';

const GRPC_ALREADY_EXISTS = 6;

/**
 * Registers the Turnproof search attributes in the namespace, skipping those already there, so every
 * start-up may call it. Returns the names it added.
 */
export async function registerSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const added: string[] = [];
  for (const key of turnproofSearchAttributes) {
    const wanted = encodeSearchAttributeIndexedValueType(key.type);
    if (wanted === undefined) throw new Error(`No indexed value type for ${key.type}`);
    const existing = customAttributes[key.name];
    if (existing === wanted) continue;
    if (existing !== undefined) {
      throw new Error(`Search attribute ${key.name} exists in ${namespace} with another type (${existing})`);
    }
    try {
      await connection.operatorService.addSearchAttributes({
        namespace,
        searchAttributes: { [key.name]: wanted },
      });
      added.push(key.name);
    } catch (error) {
      // Another process registered it between our list and add.
      if (!(isGrpcServiceError(error) && error.code === GRPC_ALREADY_EXISTS)) throw error;
    }
  }
  return added;
}
