// The chaos run's own PostgreSQL: a fresh cluster (initdb) in a temporary folder on a free port, so restarting it
// never touches the machine's server. Run as the `postgres` account when we are root (PostgreSQL refuses root).
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface ChaosPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/studio` */
  url: string;
  /** Ends every connection of the app (the LISTEN, the pools, pg-boss): what a failover does to clients. */
  terminateConnections(): Promise<number>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The newest PostgreSQL binaries of the machine (Debian's layout), or those on PATH. */
async function binaries(): Promise<string> {
  try {
    const { stdout } = await run('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1']);
    if (stdout.trim()) return stdout.trim();
  } catch {
    // fall through to PATH
  }
  return '';
}

export async function startChaosPostgres(): Promise<ChaosPostgres> {
  const bin = await binaries();
  const tool = (name: string) => (bin ? join(bin, name) : name);
  const root = await mkdtemp(join(tmpdir(), 'chaos-pg-'));
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const as = async (command: string, args: string[]) => {
    if (asRoot) return run('runuser', ['-u', 'postgres', '--', command, ...args]);
    return run(command, args);
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(root, 0o700);
  await as(tool('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => {
    await as(tool('pg_ctl'), ['-D', data, '-o', options, '-l', join(root, 'log'), '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await as(tool('pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query('create database studio');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/studio`,
    async terminateConnections() {
      const result = await query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'studio' and pid <> pg_backend_pid()`,
      );
      return result.rowCount ?? 0;
    },
    stop,
    start,
    async close() {
      await stop().catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
