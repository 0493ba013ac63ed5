/** The jam version (issue 56, ADR 050): only a maker of the entry uploads it. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jamVersions, jams } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { insertEntry } from '../../helpers/factories';
import { makeSb3 } from '../../helpers/sb3';
import { ACTIVE_USERS, type Row, type Scene, nextScratchId } from './scene';

/** The jam takes jam versions; the caller has an entry of their own (a visitor names the scene's). */
async function ownEntry(scene: Scene, env: Environment): Promise<void> {
  await env.db.update(jams).set({ jamVersion: 'allowed' }).where(eq(jams.id, scene.jam.id));
  scene.extra.entryId = scene.me
    ? String((await insertEntry(env.db, scene.jam.id, scene.me.id, nextScratchId(), { authorName: scene.me.name })).id)
    : String(scene.entry.id);
}

export const writes: Row[] = [
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/jam-version',
    // Only the entry's team: here everyone logged in uploads for an entry of their own.
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: ownEntry,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/entries/${s.extra.entryId}/jam-version`,
      bytes: { data: makeSb3({ spriteName: `Sprite of ${s.id}` }), contentType: 'application/x.scratch.sb3' },
    }),
    effect: async (s, env) => {
      const [row] = await env.db
        .select()
        .from(jamVersions)
        .where(eq(jamVersions.entryId, Number(s.extra.entryId)));
      expect(row?.uploadedBy).toBe(s.me!.id);
    },
  },
];
