/**
 * A host that migrates out of band (the adapter targets): a site whose database is behind answers
 * 503 saying to migrate, never half a site.
 */
import { SCHEMA_BEHIND_MESSAGE } from '#server/platform/schema-version';
import { expect, test } from './fixtures';
import { startTarget } from './targets';

test('a site whose database is not migrated answers 503 and says to run db:migrate', async ({ targetName }) => {
  const site = await startTarget(targetName, { migrated: false });
  try {
    const page = await fetch(`${site.url}/explore`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain(SCHEMA_BEHIND_MESSAGE);
    const api = await fetch(`${site.url}/api/jams`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { status: 503, code: 'schema_behind', message: SCHEMA_BEHIND_MESSAGE } });
  } finally {
    await site.close();
  }
});
