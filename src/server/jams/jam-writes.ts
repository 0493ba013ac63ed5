/** Running game jams: creating, editing and deleting them, the administrators' switches and the clear-alls. */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Jam, entries, jamSlugRedirects, jams, ratings, votes } from '#db/schema';
import type { JamCriterion } from '#lib/judging';
import type { QuestionInput } from '#lib/schemas/questions';
import { numberQuestions, questionAnswerDrops, questionTexts } from './questions';
import { resultsArePublic } from '#lib/results-public';
import {
  type CriterionInput,
  type JamCreate,
  type JamDto,
  type JamUpdate,
  VOTING_END_AFTER_END_MESSAGE,
  votingEndAfterEnd,
} from '#lib/schemas/jams';
import { auditStatement } from '#server/activity/audit';
import { announceChange } from '#server/cache/changes';
import { type Database, db } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { AppError, conflict } from '#server/platform/errors';
import { can, requireJamPermission } from '#server/auth/permissions';
import { guardTexts } from '#server/feedback/guard/guard-texts';
import { heldFields, jamTextHolds } from '#server/feedback/held-texts';
import { adminWords } from '#server/feedback/words';
import type { SessionUser } from '#server/auth/session';
import { refreshLeader, themeOfJamPatch, themeOfNewJam } from '#server/themes/theme-rounds';
import { bodyWriter, lookOf, toJamDto } from './jams';
import { withFreeSlug } from './slugs';

/**
 * The jam the batch's jam insert has just created, for the statements after it: ids only grow
 * (AUTOINCREMENT) and a batch is one transaction, so the newest jam is the batch's own.
 */
export const createdJamId: SQL = sql`(select max(${jams.id}) from ${jams})`;
/** Its slug. */
export const createdJamSlug: SQL = sql`(select ${jams.slug} from ${jams} where ${jams.id} = ${createdJamId})`;

/**
 * The `jam.create` audit entry, for the batch that inserts the jam (after the insert): the new jam's
 * slug, and `details` (e.g. the request it came from). `onlyIf` as the insert's own condition.
 */
export function jamCreatedAudit(database: Database, actor: SessionUser, details: Record<string, unknown> = {}, onlyIf?: SQL) {
  return auditStatement(
    database,
    actor,
    { action: 'jam.create', jamId: createdJamId, details: { slug: createdJamSlug, ...details } },
    onlyIf,
  );
}

/** Creates a jam, with a free slug from its name and its audit entry, in one batch. */
export async function createJam(user: SessionUser, input: JamCreate): Promise<JamDto> {
  await requireJamPermission(user, null, 'jam:create');
  const { name, description, body, startsAt, endsAt, mystery } = input;
  const judging = {
    votingEndsAt: input.votingEndsAt ?? null,
    whoCanVote: input.whoCanVote ?? 'anyone',
    refuseOldProjects: input.refuseOldProjects ?? false,
    playBeforeVote: input.playBeforeVote ?? false,
    feedback: input.feedback ?? 'notes',
    judging: input.judging ?? 'upvotes',
    whoJudges: input.whoJudges ?? 'community',
    ...(input.criteria ? { criteria: numberCriteria(input.criteria, []) } : {}),
    ...(input.minRatings === undefined ? {} : { minRatings: input.minRatings }),
    ...(input.questions ? { questions: numberQuestions(input.questions as QuestionInput[], []) } : {}),
    results: input.results ?? 'automatic',
    hiddenEntries: input.hiddenEntries ?? false,
    jamVersion: input.jamVersion ?? 'off',
    judgeJamVersion: input.judgeJamVersion ?? false,
    ...themeOfNewJam(input.themeRounds, startsAt), // ADR 043: by the rules of PUT …/theme/rounds
  };
  const database = db();
  const [[jam]] = await withFreeSlug(name, (slug) =>
    database.batch([
      database
        .insert(jams)
        .values({
          name,
          description,
          body,
          ...lookOf(input),
          bodyByAdmin: user.isAdmin,
          startsAt,
          endsAt,
          mystery,
          ...judging,
          slug,
          createdBy: user.id,
          updatedBy: user.id,
        })
        .returning(),
      jamCreatedAudit(database, user),
    ]),
  );
  announceChange({ kind: 'jam', jamId: jam!.id });
  return toJamDto(jam!, { hideBody: false });
}

/**
 * The criteria as stored: a kept criterion keeps its id (so its ratings), a new one gets the next id
 * never used in this jam. An id the jam never had is refused (it would adopt nobody's ratings).
 */
function numberCriteria(input: CriterionInput[], current: JamCriterion[]): JamCriterion[] {
  let next = Math.max(0, ...current.map((c) => c.id)) + 1;
  return input.map(({ id, name }) => {
    if (id === undefined) return { id: next++, name };
    if (!current.some((c) => c.id === id)) throw new AppError(400, 'invalid_input', `This jam has no criterion ${id}.`);
    return { id, name };
  });
}

/** ADR 041: what everyone has seen stays seen; there is no unpublish. */
export const RESULTS_OUT_MESSAGE = 'The results are already out, so they cannot be hidden again.';

export const JUDGING_LOCKED_MESSAGE =
  'How the jam is judged cannot change once people have voted or rated: clear the votes first, or keep it as it is.';
export const CRITERION_RATED_MESSAGE = (name: string) =>
  `“${name}” already has ratings, so it cannot be removed. You can rename it instead.`;

/**
 * ADR 039: the judging mode stays once anyone voted or rated (the results would mix two kinds), and
 * a criterion with ratings cannot be removed (renaming keeps them). One read, only when these change.
 */
async function requireJudgingChangeAllowed(jam: Jam, input: JamUpdate, criteria: JamCriterion[] | undefined): Promise<void> {
  const removed = criteria ? jam.criteria.filter((c) => !criteria.some((kept) => kept.id === c.id)) : [];
  // Whose votes count is part of how the jam is judged (ADR 040): it stays once anyone voted too.
  const switching =
    (input.judging !== undefined && input.judging !== jam.judging) ||
    (input.whoJudges !== undefined && input.whoJudges !== jam.whoJudges);
  if (!switching && removed.length === 0) return;
  const database = db();
  const [[voted], ratedRows] = await Promise.all([
    database.all<{ yes: number }>(sql`select
      exists (select 1 from ${votes} where ${votes.jamId} = ${jam.id})
      or exists (select 1 from ${ratings} where ${ratings.jamId} = ${jam.id}) as yes`),
    removed.length === 0
      ? Promise.resolve([] as { criterionId: number }[])
      : database
          .selectDistinct({ criterionId: ratings.criterionId })
          .from(ratings)
          .where(
            and(
              eq(ratings.jamId, jam.id),
              sql`${ratings.criterionId} in (${sql.join(
                removed.map((c) => sql`${c.id}`),
                sql`, `,
              )})`,
            ),
          ),
  ]);
  if (switching && Number(voted?.yes ?? 0)) throw conflict(JUDGING_LOCKED_MESSAGE);
  const rated = removed.find((c) => ratedRows.some((row) => row.criterionId === c.id));
  if (rated) throw conflict(CRITERION_RATED_MESSAGE(rated.name));
}

/**
 * Changes only the fields in `input` (PATCH: what was not sent stays as it is). Renaming moves the
 * slug; the old one keeps redirecting and nothing attached to the jam changes.
 */
export async function updateJam(user: SessionUser, jam: Jam, input: JamUpdate): Promise<JamDto> {
  // The permission, and the filter's words for managers who are not administrators, side by side.
  const { administers, words } = await readTogether({
    allowed: requireJamPermission(user, jam.id, 'jam:edit'),
    administers: can(user, 'site:administer', null),
    words: adminWords(),
  });
  if (Object.keys(input).length === 0) return toJamDto(jam, { hideBody: false });
  // Managers are often children and everyone reads the jam page: their texts pass the guard (issues 41, 53); a
  // description or body it holds waits for an administrator (held_texts), the old one showing meanwhile.
  const held = administers ? [] : await guardTexts(questionTexts(input.questions, input.criteria, input), words, user);
  const holds = jamTextHolds(db(), user, jam, input, held);
  if (held.length) input = Object.fromEntries(Object.entries(input).filter(([key]) => !held.some((one) => one.field === key)));
  const merged = {
    startsAt: input.startsAt ?? jam.startsAt,
    endsAt: input.endsAt ?? jam.endsAt,
    votingEndsAt: input.votingEndsAt === undefined ? jam.votingEndsAt : input.votingEndsAt,
  };
  if (merged.endsAt.getTime() <= merged.startsAt.getTime()) {
    throw new AppError(400, 'invalid_input', 'The end must be after the start.');
  }
  if (!votingEndAfterEnd(merged)) throw new AppError(400, 'invalid_input', VOTING_END_AFTER_END_MESSAGE);
  const theme = themeOfJamPatch(jam, input, merged.startsAt);
  if (input.results === 'manual' && jam.results !== 'manual' && resultsArePublic(jam)) throw conflict(RESULTS_OUT_MESSAGE);
  const criteria = input.criteria ? numberCriteria(input.criteria, jam.criteria) : undefined;
  await requireJudgingChangeAllowed(jam, input, criteria);
  const questions = input.questions ? numberQuestions(input.questions, jam.questions) : undefined;
  const database = db();
  const fields = Object.keys(input);
  const { themeRounds: _themeRounds, ...rest } = input;
  const stamp = { ...bodyWriter(input, administers), updatedAt: new Date(), updatedBy: user.id };
  const change = { ...rest, ...theme, ...stamp, criteria, questions };
  // Answers to removed questions (or whose kind changed) go in the same transaction, and a new theme schedule's leader.
  const drops = [
    ...(questions ? questionAnswerDrops(database, jam, questions) : []),
    ...(input.themeRounds ? [database.run(refreshLeader(jam.id))] : []),
    ...holds,
  ];
  const update = (set: typeof change & { slug?: SQL }) => database.update(jams).set(set).where(eq(jams.id, jam.id)).returning();
  if (input.name === undefined || input.name === jam.name) {
    const [[updated]] = await database.batch([
      update(change),
      auditStatement(database, user, { action: 'jam.update', jamId: jam.id, details: { fields } }),
      ...drops,
    ]);
    announceChange({ kind: 'jam', jamId: jam.id });
    return { ...toJamDto(updated!, { hideBody: false }), ...heldFields(held) };
  }
  // Renamed: the slug the new name takes is chosen as the update runs, so what follows asks for it.
  const slug = sql`(select ${jams.slug} from ${jams} where ${jams.id} = ${jam.id})`;
  const moved = sql`${slug} <> ${jam.slug}`;
  const [[updated]] = await withFreeSlug(
    input.name,
    (freeSlug) =>
      database.batch([
        update({ ...change, slug: freeSlug }),
        auditStatement(
          database,
          user,
          { action: 'jam.update', jamId: jam.id, details: { fields, from: jam.slug, to: slug } },
          moved,
        ),
        auditStatement(database, user, { action: 'jam.update', jamId: jam.id, details: { fields } }, sql`not (${moved})`),
        // The old slug keeps redirecting; one of the jam's own old slugs taken back no longer redirects.
        database.delete(jamSlugRedirects).where(and(eq(jamSlugRedirects.slug, slug), moved)),
        database.run(sql`insert into ${jamSlugRedirects} (slug, jam_id) select ${jam.slug}, ${jam.id} where ${moved}
          on conflict do nothing`),
        ...drops,
      ]),
    jam.id,
  );
  announceChange({ kind: 'jam', jamId: jam.id });
  return { ...toJamDto(updated!, { hideBody: false }), ...heldFields(held) };
}

export async function deleteJam(user: SessionUser, jam: Jam): Promise<void> {
  await requireJamPermission(user, jam.id, 'jam:delete');
  const database = db();
  await database.batch([
    auditStatement(database, user, { action: 'jam.delete', details: { jamId: jam.id, slug: jam.slug, name: jam.name } }),
    // Entries, votes, managers and old slugs go with it (ON DELETE CASCADE).
    database.delete(jams).where(eq(jams.id, jam.id)),
  ]);
  announceChange({ kind: 'jam', jamId: jam.id });
}

async function setFlag(
  user: SessionUser,
  jam: Jam,
  action: 'jam:feature' | 'jam:advanced',
  set: Partial<Pick<Jam, 'featured' | 'mystery'>>,
) {
  await requireJamPermission(user, jam.id, action);
  const database = db();
  const [[updated]] = await database.batch([
    database
      .update(jams)
      .set({ ...set, updatedAt: new Date(), updatedBy: user.id })
      .where(eq(jams.id, jam.id))
      .returning(),
    auditStatement(database, user, {
      action: action === 'jam:feature' ? 'jam.feature' : 'jam.advanced',
      jamId: jam.id,
      details: set,
    }),
  ]);
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(updated!, { hideBody: false });
}

export const setFeatured = (user: SessionUser, jam: Jam, featured: boolean) => setFlag(user, jam, 'jam:feature', { featured });
export const setAdvancedOptions = (user: SessionUser, jam: Jam, options: { mystery: boolean }) =>
  setFlag(user, jam, 'jam:advanced', { mystery: options.mystery });

/** Clears every vote or every entry (with its votes) of a jam, audited with how many went, in one batch. */
async function clearAll(user: SessionUser, jam: Jam, what: 'votes' | 'submissions'): Promise<{ removed: number }> {
  await requireJamPermission(user, jam.id, what === 'votes' ? 'jam:clear-votes' : 'jam:clear-submissions');
  // A ratings jam's "votes" are its ratings (ADR 039).
  const table = what === 'submissions' ? entries : jam.judging === 'ratings' ? ratings : votes;
  const database = db();
  const { deleted } = await batchNamed(database, {
    // Counted just before the delete, in the same transaction: the rows the delete removes.
    audit: auditStatement(database, user, {
      action: `jam.clear-${what}`,
      jamId: jam.id,
      details: { removed: sql`(select count(*) from ${table} where ${table.jamId} = ${jam.id})` },
    }),
    deleted: database.delete(table).where(eq(table.jamId, jam.id)).returning({ jamId: table.jamId }),
  });
  announceChange(
    what === 'votes'
      ? { kind: 'votes', jamId: jam.id, resultsPublic: resultsArePublic(jam) }
      : { kind: 'entries', jamId: jam.id },
  );
  return { removed: deleted.length };
}

export const clearVotes = (user: SessionUser, jam: Jam) => clearAll(user, jam, 'votes');
export const clearSubmissions = (user: SessionUser, jam: Jam) => clearAll(user, jam, 'submissions');
