import type { EntityManager } from '@mikro-orm/postgresql';
import type Koa from 'koa';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';

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
}

export type AppContext = ParameterizedContext<AppState>;
export type AppKoa = Koa<AppState>;
