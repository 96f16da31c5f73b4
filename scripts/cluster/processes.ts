// App processes as the container runs them: `node api/src/server.ts` with a service's environment and nothing
// inherited from the test's own (a container does not see the host's variables).
import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from './compose.ts';

export interface AppProcess {
  name: string;
  /** `http://127.0.0.1:<port>` it listens on. */
  url: string;
  child: ChildProcess;
  /** Its output so far, for failure messages. */
  output(): string;
  /** SIGKILL: no graceful stop, nothing finished or handed back. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts one process on a random port (PORT=0) and resolves once it listens, with the address its log names. */
export async function startApp(name: string, environment: Record<string, string>, timeoutMs = 60_000): Promise<AppProcess> {
  const child = spawn(process.execPath, ['api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...environment, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const output = () => lines.slice(-80).join('\n');
  const app = {
    name,
    child,
    output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop(graceMs = 5_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n--- ${name} output ---\n${output()}`));
    };
    child.once('exit', (code, signal) => fail(new Error(`${name} ended before listening (code ${code}, signal ${signal})`)));
    child.once('error', fail);
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > 400) lines.splice(0, 200);
        // pino's JSON line `{"msg":"listening","url":"http://127.0.0.1:<port>"}`
        if (!line.includes('"listening"')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'listening' && entry.url) {
            clearTimeout(timer);
            child.removeAllListeners('exit');
            resolve(entry.url);
          }
        } catch {
          // not a log line
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  });
  return { ...app, url };
}

/** Runs a one-off command of the image (`docker compose run --rm <service> node <script> ...`) to its end. */
export async function runScript(args: string[], environment: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`node ${args.join(' ')} ended with ${code}:\n${output}`);
  return output;
}
