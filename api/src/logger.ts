// The process logger: JSON lines on stdout, level from config.
import { type Logger, pino } from 'pino';
import type { Config } from './config.ts';

/**
 * Bytes of lines gathered before one write. Each request writes a line: one write a line was a system call per request
 * on the hot path; gathered, one write carries tens of lines.
 */
const GATHERED_BYTES = 4096;
/** A quiet process still writes what it gathered within this long. */
const WRITE_WITHIN_MS = 1000;

/**
 * Creates the pino logger; secrets never reach it because we never log bodies or headers. Lines are written
 * asynchronously in batches; pino writes what is left synchronously when the process exits, a crash included.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination: number | string = 1): Logger {
  // Nothing will be written: no stream to keep writing.
  if (config.logLevel === 'silent') return pino({ level: 'silent', base: { service: 'api' } });
  const stream = pino.destination({ dest: destination, sync: false, minLength: GATHERED_BYTES });
  const writing = setInterval(() => stream.flush(), WRITE_WITHIN_MS).unref();
  stream.once('close', () => clearInterval(writing));
  return pino({ level: config.logLevel, base: { service: 'api' } }, stream);
}
