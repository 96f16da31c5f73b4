// PostgreSQL's own tools for the backup: pg_dump and pg_restore from PATH, else the newest under /usr/lib/postgresql
// (Debian's layout), so the dump's client is at least as new as the server. PG_BIN names a folder explicitly.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

function candidates(tool: string): string[] {
  const fromEnv = process.env.PG_BIN ? [join(process.env.PG_BIN, tool)] : [];
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin/${tool}`)
    : [];
  return [...fromEnv, ...debian];
}

/** The path of `pg_dump` or `pg_restore`: PG_BIN, the newest Debian install, else the name on PATH. */
export function pgTool(tool: 'pg_dump' | 'pg_restore'): string {
  return candidates(tool).find((path) => existsSync(path)) ?? tool;
}

/** Runs a PostgreSQL tool; its stderr becomes the error's message. */
export async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(pgTool(tool), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${tool} failed: ${stderr?.trim() || (error as Error).message}`, { cause: error });
  }
}

/** The database named by a connection URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** The same server with another database. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

/** One statement on its own connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function runSql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
