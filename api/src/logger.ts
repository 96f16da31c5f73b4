// The process logger: JSON lines on stdout, level from config.
import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';

/**
 * Bytes of lines gathered before one write. Each request writes a line: one write a line was a system call per request
 * on the hot path; gathered, one write carries about a hundred lines.
 */
const GATHERED_BYTES = 16 * 1024;
/** A quiet process still writes what it gathered within this long. */
const WRITE_WITHIN_MS = 1000;

type Output = ReturnType<typeof pino.destination>;

/**
 * Gathers lines in a list and hands them to the output joined, one string a batch. Appended to the output's own
 * buffer, each line measured the whole buffer gathered so far (copying it into one piece first): about 2 kB read and
 * copied per request, more than the line itself cost.
 */
class GatheredLines implements DestinationStream {
  readonly #output: Output;
  #lines: string[] = [];
  #length = 0;

  constructor(output: Output) {
    this.#output = output;
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#length += line.length;
    if (this.#length >= GATHERED_BYTES) this.flush();
  }

  /** Hands what is gathered to the output, which starts writing it at once (pino's `logger.flush` calls it too). */
  flush(done?: () => void): void {
    if (this.#lines.length > 0) {
      this.#output.write(this.#lines.join(''));
      this.#lines = [];
      this.#length = 0;
    }
    done?.();
  }
}

/**
 * Creates the pino logger; secrets never reach it because we never log bodies or headers. Lines are written
 * asynchronously in batches; pino writes what is left synchronously when the process exits, a crash included.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination: number | string = 1): Logger {
  // Nothing will be written: no stream to keep writing.
  if (config.logLevel === 'silent') return pino({ level: 'silent', base: { service: 'api' } });
  // Batches come gathered: the output writes each as it gets it.
  const output = pino.destination({ dest: destination, sync: false });
  const lines = new GatheredLines(output);
  const handOver = () => lines.flush();
  const writing = setInterval(handOver, WRITE_WITHIN_MS).unref();
  // Ahead of pino's own handler, which then writes out the output synchronously when the process ends.
  process.prependListener('exit', handOver);
  output.once('close', () => {
    clearInterval(writing);
    process.removeListener('exit', handOver);
  });
  return pino({ level: config.logLevel, base: { service: 'api' } }, lines);
}
