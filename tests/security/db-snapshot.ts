/** The whole database as comparable data: "changed nothing" means equal snapshots. */
import { expect } from 'vitest';
import type { Environment } from '../helpers/environment';

type Client = Environment['db']['$client'];

export async function tableNames(client: Client): Promise<string[]> {
  const result = await client.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
  );
  return result.rows.map((row) => String(row.name));
}

export async function snapshot(client: Client): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const name of await tableNames(client)) {
    const result = await client.execute(`select * from "${name}" order by rowid`);
    tables[name] = result.rows.map((row) => ({ ...row }));
  }
  return tables;
}

/**
 * Expects the database to read exactly as `before` did. Compared as JSON first: a deep comparison of
 * thousands of rows is slow, and its diff is only needed when they differ.
 */
export async function expectUnchanged(client: Client, before: Record<string, unknown[]>): Promise<void> {
  const after = await snapshot(client);
  if (JSON.stringify(after) !== JSON.stringify(before)) expect(after).toEqual(before);
}
