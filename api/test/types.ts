// The shapes of the test server and its answers (apart from index.ts, so the helpers it re-exports can use them).

import type { App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Orm } from '../src/db/orm.ts';
import type { StudioRuntime } from '../src/modules/studio/index.ts';

export interface RequestOptions {
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Value of the `Cookie` header. */
  cookie?: string;
  /** Skip the spec check, for requests that must break the contract on purpose. Default true. */
  validate?: boolean;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON for JSON answers, otherwise undefined. */
  body: T;
  text: string;
  /** Every `Set-Cookie` header. */
  cookies: string[];
}

export interface TestServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  orm: Orm;
  config: Config;
  /** The app as served. */
  app: App;
  /** The image studio of this server (storage, task jobs, events). */
  studio: StudioRuntime;
  /** A real HTTP request; throws `ContractViolation` when the answer does not match openapi.json. */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /**
   * Resolves once this server heard every database notification committed so far: after a write made beside it (raw
   * SQL, a forked EM), its caches (sessions, task list tags, pricing) reflect the write, as they do within moments.
   */
  heard(): Promise<void>;
  /** Stops the server, closes the ORM and drops the database. */
  close(): Promise<void>;
}
