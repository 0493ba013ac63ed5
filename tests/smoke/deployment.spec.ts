/**
 * A host that migrates out of band (the adapter targets): a site whose database is behind answers
 * 503 saying to migrate, never half a site, and serves once `npm run db:migrate` has run.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { SCHEMA_BEHIND_MESSAGE } from '#server/platform/schema-version';
import { expect, test } from './fixtures';
import { startTarget } from './targets';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = resolve(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** `npm run db:migrate` (tsx scripts/migrate.ts) against a database, as the README's Deploying section says. */
function migrateOutOfBand(databaseUrl: string, admins: string) {
  return spawnSync(process.execPath, [TSX, 'scripts/migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ITINERARY_ADMINS: admins },
    encoding: 'utf8',
  });
}

test('a site whose database is not migrated answers 503 until db:migrate has run, then serves, without a restart', async ({
  targetName,
}) => {
  const site = await startTarget(targetName, { migrated: false });
  try {
    const page = await fetch(`${site.url}/explore`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain(SCHEMA_BEHIND_MESSAGE);
    const api = await fetch(`${site.url}/api/jams`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { status: 503, code: 'schema_behind', message: SCHEMA_BEHIND_MESSAGE } });

    const migrated = migrateOutOfBand(site.databaseUrl, 'pixel_pioneer');
    expect(migrated.stdout, migrated.stderr).toContain('Database migrated.');
    expect((await fetch(`${site.url}/explore`)).status).toBe(200);
    expect(await (await fetch(`${site.url}/api/jams`)).json()).toMatchObject({ jams: [] });
    const database = createClient({ url: site.databaseUrl });
    try {
      const { rows } = await database.execute("select is_admin from users where name = 'pixel_pioneer'");
      expect(rows.map((row) => Number(row.is_admin))).toEqual([1]);
    } finally {
      database.close();
    }
  } finally {
    await site.close();
  }
});
