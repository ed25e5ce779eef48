import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';
import { stdSerializers, type Logger as Pino } from 'pino';

const PINO_LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** Temporal's Logger interface over pino: the SDK's metadata (workflow id, activity type, ...) as fields. */
export function temporalLogger(pino: Pino): Logger {
  // The SDK puts a failure under `error`, which pino would print as {}: its message and stack, as for `err`.
  const sdk = pino.child({}, { serializers: { error: stdSerializers.err } });
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => sdk[PINO_LEVELS[level]](meta ?? {}, message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}
