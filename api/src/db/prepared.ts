// Hot reads as named prepared statements on PostgreSQL: each pooled connection parses and plans them once, instead of
// on every call (planning a task list page took three times as long as running it). Elsewhere, and inside a
// transaction, the statement runs through the EntityManager as usual.
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '@mikro-orm/sql';

export interface PreparedStatement {
  name: string;
  /** With `?` placeholders, as `em.execute` takes it. */
  sql: string;
  /** The same with `$1`, `$2`, ... for the driver. */
  numbered: string;
}

/** A statement under a name unique in the process. The SQL must not hold a literal `?`. */
export function prepared(name: string, sql: string): PreparedStatement {
  let n = 0;
  return { name, sql, numbered: sql.replace(/\?/g, () => `$${++n}`) };
}

/** The rows of a prepared statement; same rows, same type parsing as `em.execute`. */
export async function preparedRows<T>(em: SqlEntityManager, statement: PreparedStatement, params: readonly unknown[]): Promise<T[]> {
  const connection: unknown = em.getConnection();
  if (!(connection instanceof PostgreSqlConnection) || em.isInTransaction()) return em.execute<T[]>(statement.sql, [...params]);
  const pool = await connection.getNativeClient();
  const result = await pool.query({ name: statement.name, text: statement.numbered, values: [...params] });
  return result.rows as T[];
}
