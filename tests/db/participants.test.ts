/**
 * "128 joined" at the scale of a big jam: 30,000 people join, the count is read from the jam's row
 * (kept by the triggers of the participant_count migration), never counted from jam_participants.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamParticipants, jams, users } from '#db/schema';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

const PEOPLE = 30_000;
const HOUR = 3_600_000;

let test: TestDatabase;
let jamId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  const database = test.database;
  const [jam] = await database
    .insert(jams)
    .values({
      slug: 'big-join-jam',
      name: 'Big Join Jam',
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    })
    .returning();
  jamId = jam!.id;
  await database.run(sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PEOPLE})
    insert into ${users} (name) select 'joiner_' || i from n`);
  await database.run(
    sql`insert into ${jamParticipants} (jam_id, user_id) select ${jamId}, id from ${users} where name like 'joiner\\_%' escape '\\'`,
  );
}, 60_000);
afterAll(() => test?.cleanup());

const stored = async () => (await test.database.select({ n: jams.participantCount }).from(jams).where(eq(jams.id, jamId)))[0]!.n;

describe('the participant count at 30,000 joins', () => {
  it('equals the number of joins, kept by the triggers', async () => {
    const [counted] = await test.database
      .select({ n: sql<number>`count(*)` })
      .from(jamParticipants)
      .where(eq(jamParticipants.jamId, jamId));
    expect(counted!.n).toBe(PEOPLE);
    expect(await stored()).toBe(PEOPLE);
  });

  it('is read from the jam row by its primary key, without touching the joins', async () => {
    const plan = await test.database.all<{ detail: string }>(
      sql`explain query plan select ${jams.participantCount} from ${jams} where ${jams.id} = ${jamId}`,
    );
    const steps = plan.map((step) => step.detail).join('\n');
    expect(steps).toMatch(/SEARCH jams USING INTEGER PRIMARY KEY/);
    expect(steps).not.toMatch(/jam_participants/);
  });

  it('finds one person’s join through the primary key, and someone’s joined jams through the user index', async () => {
    const one = await test.database.all<{ detail: string }>(
      sql`explain query plan select 1 from ${jamParticipants} where jam_id = ${jamId} and user_id = 5`,
    );
    expect(one.map((step) => step.detail).join('\n')).toMatch(
      /USING (COVERING )?(PRIMARY KEY|INDEX sqlite_autoindex_jam_participants_1)/,
    );
    const mine = await test.database.all<{ detail: string }>(
      sql`explain query plan select jam_id from ${jamParticipants} where user_id = 5 order by joined_at desc`,
    );
    expect(mine.map((step) => step.detail).join('\n')).toMatch(/INDEX jam_participants_user_idx/);
  });

  it('goes down by one per leave and stays exact when a joiner is deleted', async () => {
    const [someone] = await test.database.select({ id: users.id }).from(users).where(eq(users.name, 'joiner_7'));
    await test.database.delete(users).where(eq(users.id, someone!.id));
    expect(await stored()).toBe(PEOPLE - 1);
    await test.database
      .insert(jamParticipants)
      .values({ jamId, userId: someone!.id - 1 })
      .onConflictDoNothing();
    expect(await stored()).toBe(PEOPLE - 1);
  });
});
