// The process logger: JSON lines on stdout, level from config.
import { type Logger, pino } from 'pino';
import type { Config } from './config.ts';

/** Creates the pino logger; secrets never reach it because we never log bodies or headers. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { service: 'api' } });
}
