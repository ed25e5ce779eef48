import { isGrpcServiceError, type Connection } from '@temporalio/client';
import type { SearchAttributeType } from '@temporalio/common';
import proto, { type temporal } from '@temporalio/proto';
import { turnproofSearchAttributes } from '@turnproof/workflows';

// A CommonJS package: Node's ESM loader sees only its default export.
const { IndexedValueType } = proto.temporal.api.enums.v1;

/** The server's indexed value type of each typed search-attribute key type (the public proto enum). */
const INDEXED_VALUE_TYPES: Record<SearchAttributeType, temporal.api.enums.v1.IndexedValueType> = {
  TEXT: IndexedValueType.INDEXED_VALUE_TYPE_TEXT,
  KEYWORD: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  INT: IndexedValueType.INDEXED_VALUE_TYPE_INT,
  DOUBLE: IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE,
  BOOL: IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
  DATETIME: IndexedValueType.INDEXED_VALUE_TYPE_DATETIME,
  KEYWORD_LIST: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST,
};

const GRPC_ALREADY_EXISTS = 6;

/**
 * Registers the Turnproof search attributes in the namespace, skipping those already there, so every
 * start-up may call it. Returns the names it added.
 */
export async function registerSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const added: string[] = [];
  for (const key of turnproofSearchAttributes) {
    const wanted = INDEXED_VALUE_TYPES[key.type];
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
