/**
 * Scene helpers shared by the domains' rows: rows of the database a cell looks at, and what a
 * `prepare` puts in place. A helper used by one domain lives in that domain's file.
 */
import { and, eq } from 'drizzle-orm';
import { entries, jamManagers, notes, users } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { insertNote } from '../../helpers/factories';
import type { Scene } from './scene';

/** The test environment's database. */
export type Db = Environment['db'];

export const entryRow = async (db: Db, id: number) => (await db.select().from(entries).where(eq(entries.id, id)))[0];

export const userRow = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];

export const isManager = async (db: Db, jamId: number, userId: number) =>
  (
    await db
      .select()
      .from(jamManagers)
      .where(and(eq(jamManagers.jamId, jamId), eq(jamManagers.userId, userId)))
  ).length === 1;

/** A note by the scene's bystander on its entry (`extra.noteId`). */
export async function bystanderNote(scene: Scene, env: Environment): Promise<void> {
  scene.extra.noteId = String((await insertNote(env.db, scene.entry, scene.bystander.id, `Note of ${scene.id}`)).id);
}

export const noteRow = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(notes)
      .where(eq(notes.id, Number(id)))
  )[0];

export const notePath = (s: Scene, suffix = '') =>
  `/api/jams/${s.jam.slug}/entries/${s.entry.id}/notes/${s.extra.noteId}${suffix}`;

/** A word of letters only, different in every scene (scene ids have digits). */
export const sceneWord = (s: Scene) => `word ${s.id.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
