// The cluster's database: a fresh one on the test's PostgreSQL server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Database {
  url: string;
  drop(): Promise<void>;
}

async function run(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `cluster_test_<random>` on the server of `serverUrl`. */
export async function createDatabase(serverUrl: string): Promise<Database> {
  const name = `cluster_test_${randomBytes(6).toString('hex')}`;
  await run(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // WITH (FORCE): a killed process may have left connections behind.
  return { url: url.toString(), drop: () => run(serverUrl, `drop database if exists "${name}" with (force)`) };
}
