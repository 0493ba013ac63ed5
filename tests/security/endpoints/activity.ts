/** The activity log. */
import { expect } from 'vitest';
import { auditLog } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { ADMINS, MANAGERS, type ReadRow, type Scene } from './scene';

/** An audit entry on the scene's jam and one on the other jam, so a jam's activity shows only its own. */
async function someActivity(scene: Scene, env: Environment): Promise<void> {
  await env.db.insert(auditLog).values([
    {
      actorId: scene.coManager.id,
      actorName: scene.coManager.name,
      action: 'jam.update',
      jamId: scene.jam.id,
      details: { fields: ['body'] },
    },
    {
      actorId: scene.coManager.id,
      actorName: scene.coManager.name,
      action: 'jam.update',
      jamId: scene.otherJam.id,
      details: { fields: ['name'] },
    },
  ]);
}

export const reads: ReadRow[] = [
  {
    pattern: '/api/activity',
    allowed: ADMINS,
    prepare: someActivity,
    path: (s) => `/api/activity?user=${s.coManager.name}`,
    shows: (s, reply) =>
      expect(reply.body.entries.map((entry: { jam: { id: number } }) => entry.jam.id)).toEqual([s.otherJam.id, s.jam.id]),
  },
  {
    pattern: '/api/jams/[slug]/activity',
    allowed: MANAGERS,
    prepare: someActivity,
    path: (s) => `/api/jams/${s.jam.slug}/activity?jam=${s.otherJam.slug}`,
    shows: (s, reply) => expect(reply.body.entries.map((entry: { jam: { id: number } }) => entry.jam.id)).toEqual([s.jam.id]),
  },
];
