// The process logger: JSON lines on stdout, level from config.
import { openSync, writeSync } from 'node:fs';
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
  readonly #fd: number;
  #lines: string[] = [];
  #length = 0;

  constructor(output: Output, fd: number) {
    this.#output = output;
    this.#fd = fd;
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#length += line.length;
    if (this.#length >= GATHERED_BYTES) this.flush();
  }

  /** Hands what is gathered to the output, which starts writing it at once (pino's `logger.flush` calls it too). */
  flush(done?: () => void): void {
    const text = this.#take();
    if (text) this.#output.write(text);
    done?.();
  }

  /**
   * Writes what is gathered before this call returns, after what the output still holds. At exit nothing asynchronous
   * completes: handed to the output there, a batch started a write that pino's own exit flush does not wait for.
   */
  flushSync(): void {
    const text = this.#take();
    if (!text) return;
    this.#output.flushSync();
    let rest = Buffer.from(text);
    try {
      // A pipe may take part of it at a time.
      while (rest.length > 0) rest = rest.subarray(writeSync(this.#fd, rest));
    } catch {
      // A pipe that stays full at exit (a stalled log reader): the rest is lost rather than the exit held up.
    }
  }

  #take(): string {
    if (this.#lines.length === 0) return '';
    const text = this.#lines.join('');
    this.#lines = [];
    this.#length = 0;
    return text;
  }
}

/**
 * Creates the pino logger; secrets never reach it because we never log bodies or headers. Lines are written
 * asynchronously in batches; what is left is written synchronously when the process exits, a crash included.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination: number | string = 1): Logger {
  // Nothing will be written: no stream to keep writing.
  if (config.logLevel === 'silent') return pino({ level: 'silent', base: { service: 'api' } });
  // Opened here so the exit can write to it synchronously, whatever the output's own state.
  const fd = typeof destination === 'number' ? destination : openSync(destination, 'a');
  // Batches come gathered: the output writes each as it gets it.
  const output = pino.destination({ dest: fd, sync: false });
  const lines = new GatheredLines(output, fd);
  const handOver = () => lines.flush();
  const writeOut = () => lines.flushSync();
  const writing = setInterval(handOver, WRITE_WITHIN_MS).unref();
  // Ahead of pino's own handlers, which flush and close the output when the event loop empties ('beforeExit') and
  // write it out synchronously on 'exit' (process.exit, a crash).
  process.prependListener('beforeExit', handOver);
  process.prependListener('exit', writeOut);
  output.once('close', () => {
    clearInterval(writing);
    process.removeListener('beforeExit', handOver);
    process.removeListener('exit', writeOut);
  });
  return pino({ level: config.logLevel, base: { service: 'api' } }, lines);
}
