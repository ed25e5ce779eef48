import createClient from 'openapi-fetch';
import type { operations, paths } from './schema.d.ts';

export type { operations, paths } from './schema.d.ts';

export interface TurnproofClientOptions {
  /** The Turnproof origin, e.g. `https://app.turnproof.example` (the paths start with /api/v1). */
  baseUrl: string;
  /** An API key made in the console (Settings → Developers): `tp_live_…`. */
  apiKey: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A client of /api/v1 whose paths, parameters, bodies and answers are the OpenAPI document's types:
 * `const { data, error } = await client.GET('/api/v1/runs', { params: { query: { limit: 50 } } })`.
 */
export function createTurnproofClient({ baseUrl, apiKey, fetch }: TurnproofClientOptions) {
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}

export type TurnproofClient = ReturnType<typeof createTurnproofClient>;

/** The JSON answer of an operation with a status. */
type Answer<Operation extends keyof operations, Status extends number> = operations[Operation]['responses'] extends {
  [S in Status]: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** A page of a list: its records and the `cursor` of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export type Property = Answer<'getProperty', 200>;
export type Checklist = Answer<'listPropertyChecklists', 200>['data'][number];
export type ChecklistWithTasks = Answer<'getChecklist', 200>;
/** A run of a list: its task counts, not its tasks. */
export type Run = Answer<'listRuns', 200>['data'][number];
export type RunWithTasks = Answer<'getRun', 200>;
export type RunStatus = Run['status'];
export type Report = Answer<'listRunReports', 200>['data'][number];
export type Issue = Answer<'listRunIssues', 200>['data'][number];
export type CreateRunBody = NonNullable<operations['createRun']['requestBody']>['content']['application/json'];
export type CreatePropertyBody = NonNullable<
  operations['createProperty']['requestBody']
>['content']['application/json'];

/** Every error answer of /api/v1: `error` an English sentence, `code` stable, `request_id` to quote to support. */
export type ApiError = Answer<'getRun', 404>;
