import type { EntityManager } from '@mikro-orm/postgresql';
import type Koa from 'koa';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { PendingBudgets } from '../public/public-throttle.ts';

export interface SignedInUser {
  id: string;
  email: string;
}

export interface AppState {
  requestId: string;
  em: EntityManager;
  log: Logger;
  user?: SignedInUser;
  sessionId?: string;
  /** The API key of a /api/v1 request (api/src/v1/key-auth.ts): its owner is the caller. */
  apiKey?: { keyId: string; ownerId: string; scopes: ('read' | 'write')[] };
  /** A tick's budgets, left for its statement to spend (api/src/public/public-throttle.ts). */
  publicBudgets?: PendingBudgets;
}

export type AppContext = ParameterizedContext<AppState>;
export type AppKoa = Koa<AppState>;
