// Queries over any table's secret column, by name (the names come from the fixed list in encrypt-plaintext.ts, never from input).
import type { QueryResult } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';

/** Every row's non-null value of the column, with the row's id. */
export function findColumnValues(em: SqlEntityManager, table: string, column: string): Promise<{ id: string | number; value: string }[]> {
  return em.execute<{ id: string | number; value: string }[]>(
    `select "id", "${column}" as "value" from "${table}" where "${column}" is not null`,
  );
}

/** Replaces one row's value only while it still holds `current`; how many rows changed (0 or 1). */
export async function replaceColumnValue(
  em: SqlEntityManager,
  table: string,
  column: string,
  row: { id: string | number; current: string; next: string },
): Promise<number> {
  const result = await em.execute<QueryResult>(
    `update "${table}" set "${column}" = ? where "id" = ? and "${column}" = ?`,
    [row.next, row.id, row.current],
    'run',
  );
  return result.affectedRows;
}
