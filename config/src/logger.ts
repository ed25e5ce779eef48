import { pino, type Logger } from 'pino';
import type { Config } from './env.ts';

/**
 * The one logger of the API and the worker: JSON lines from pino at LOG_LEVEL, each with its process's
 * `service`. The worker hands it to Temporal (`Runtime.install({ logger })`), so the SDK's and the
 * activities' logs come out the same way as the API's request logs.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, service: 'api' | 'worker'): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service } });
}
