/**
 * A person's footprint in every table (issue 41 §3): what they made, and where they appear in what
 * others made. The export test reads it back; the account-removal test deletes the person and checks
 * what is gone and what stays without them. Each row a bystander owns stands beside the person's, so
 * a test can tell "theirs is gone" from "everything is gone".
 */
import { eq } from 'drizzle-orm';
import {
  auditLog,
  blockedWords,
  entryCredits,
  jamParticipants,
  kudos,
  loginTokens,
  noteRefusals,
  heldTexts,
  notifications,
  plays,
  lateSubmissions,
  jamVersions,
  ratings,
  jamJudges,
  judgeFeedback,
  rateLimitBuckets,
  idempotencyKeys,
  jamEvents,
  reports,
  themeAnswers,
  themeFinalVotes,
  themeSuggesters,
  themeSuggestions,
  users,
} from '#db/schema';
import type { Environment, TestUser } from './environment';
import { insertEntry, insertJam, insertJamRequest, insertManager, insertNote, insertReport, insertVote } from './factories';

let scratchIds = 880_000_000;

export interface Footprint {
  person: TestUser;
  bystander: TestUser;
  /** What the person wrote, to find in the export and nowhere after the removal. */
  texts: { note: string; report: string; request: string; refusedRule: string };
  /** The bystander's private things, never in the person's export. */
  bystanderTexts: { note: string; report: string; request: string };
  /** Rows others own that name the person; they stay after the removal. */
  kept: { jamId: number; bystanderEntryId: number; bystanderNotificationId: number; word: string; auditIds: number[] };
}

export async function leaveFootprint(env: Environment, personName: string, bystanderName: string): Promise<Footprint> {
  const person = await env.login(personName);
  const bystander = await env.login(bystanderName);
  const p = person.id;
  const b = bystander.id;
  const db = env.db;
  const texts = {
    note: `Note by ${personName}`,
    report: `Report by ${personName}`,
    request: `Request by ${personName}`,
    refusedRule: 'link',
  };
  const bystanderTexts = { note: 'Bystander note', report: 'Bystander report', request: 'Bystander request' };

  // A jam the person created and manages, and one the bystander runs.
  const ownJam = await insertJam(db, { name: 'Footprint Own Jam', createdBy: p, updatedBy: p });
  const jam = await insertJam(db, { name: 'Footprint Jam' });
  await insertManager(db, ownJam.id, p);
  await db.update(users).set({ updatedBy: p }).where(eq(users.id, b));
  await db.insert(jamParticipants).values([
    { jamId: jam.id, userId: p },
    { jamId: jam.id, userId: b },
  ]);
  // Their entry, and the bystander's, with every kind of feedback going both ways.
  const mine = await insertEntry(db, jam.id, p, (scratchIds += 1), { title: 'Footprint Mine', authorName: personName });
  const theirs = await insertEntry(db, jam.id, b, (scratchIds += 1), { title: 'Footprint Theirs', reviewedBy: p });
  const teamJam = await insertJam(db, { name: 'Footprint Team Jam' });
  const team = await insertEntry(db, teamJam.id, b, (scratchIds += 1), { title: 'Footprint Team' });
  await db.insert(entryCredits).values({ entryId: team.id, userId: p, jamId: teamJam.id, status: 'accepted', invitedBy: b });
  const invited = await insertEntry(db, ownJam.id, b, (scratchIds += 1), { title: 'Footprint Invited' });
  await db.insert(entryCredits).values({ entryId: invited.id, userId: b, jamId: ownJam.id, invitedBy: p });
  // The live events of both entries (ADR 044): the person's goes with them, the bystander's stays.
  await db.insert(jamEvents).values([
    { jamId: jam.id, kind: 'entry-added', key: `added:${mine.id}`, userId: p, data: { entry: { title: 'Footprint Mine' } } },
    { jamId: jam.id, kind: 'entry-added', key: `added:${theirs.id}`, userId: b, data: { entry: { title: 'Footprint Theirs' } } },
  ]);
  await insertVote(db, jam.id, theirs.id, p);
  await insertVote(db, jam.id, mine.id, b);
  await db.insert(ratings).values([
    { entryId: theirs.id, raterId: p, criterionId: 1, stars: 4, jamId: jam.id },
    { entryId: mine.id, raterId: b, criterionId: 1, stars: 5, jamId: jam.id },
  ]);
  await db.insert(lateSubmissions).values([
    { jamId: jam.id, userId: p, until: new Date(Date.now() + 60_000), grantedBy: b },
    { jamId: ownJam.id, userId: b, until: new Date(Date.now() + 60_000), grantedBy: p },
  ]);
  // They judge the bystander's jam and wrote feedback there; they invited the bystander to judge their own jam.
  await db.insert(jamJudges).values([
    { jamId: jam.id, userId: p, status: 'accepted', invitedBy: b },
    { jamId: ownJam.id, userId: b, invitedBy: p },
  ]);
  // ADR 050: the jam version of their entry (goes with it), and one they uploaded to a team entry (stays, without who).
  await db.insert(jamVersions).values([
    { entryId: mine.id, jamId: jam.id, sha256: 'a'.repeat(64), size: 1, uploadedBy: p },
    { entryId: theirs.id, jamId: jam.id, sha256: 'b'.repeat(64), size: 1, uploadedBy: p },
  ]);
  await db.insert(judgeFeedback).values([
    { entryId: theirs.id, judgeId: p, jamId: jam.id, text: 'Footprint feedback' },
    { entryId: mine.id, judgeId: b, jamId: jam.id, text: 'Feedback for the person' },
  ]);
  // Theme rounds in the bystander's jam: they suggested a theme first and the bystander's second (spelt
  // alike), a theme first that the bystander suggested too, and answered and upvoted the bystander's.
  const [suggested, othersTheme, shared] = await db
    .insert(themeSuggestions)
    .values([
      { jamId: jam.id, key: 'footprint', text: 'Footprints', suggestedBy: p },
      { jamId: jam.id, key: 'echo', text: 'Echoes', suggestedBy: b },
      { jamId: jam.id, key: 'shadow', text: 'SHADOWS of forget_me', suggestedBy: p },
    ])
    .returning({ id: themeSuggestions.id });
  await db.insert(themeSuggesters).values([
    { suggestionId: suggested!.id, userId: p, jamId: jam.id },
    { suggestionId: shared!.id, userId: p, jamId: jam.id },
    { suggestionId: shared!.id, userId: b, jamId: jam.id, createdAt: new Date(Date.now() + 1000) },
    { suggestionId: othersTheme!.id, userId: b, jamId: jam.id },
    { suggestionId: othersTheme!.id, userId: p, jamId: jam.id, createdAt: new Date(Date.now() + 1000) },
  ]);
  await db.insert(themeAnswers).values({ suggestionId: othersTheme!.id, userId: p, jamId: jam.id, answer: 'yes' });
  await db.insert(themeFinalVotes).values({ jamId: jam.id, userId: p, suggestionId: othersTheme!.id });
  await db.insert(plays).values([
    { entryId: theirs.id, playerId: p, jamId: jam.id },
    { entryId: mine.id, playerId: b, jamId: jam.id },
  ]);
  await db.insert(kudos).values([
    { entryId: theirs.id, giverId: p, sticker: 'art', jamId: jam.id },
    { entryId: mine.id, giverId: b, sticker: 'fun', jamId: jam.id },
  ]);
  await insertNote(db, theirs, p, texts.note);
  await insertNote(db, mine, b, bystanderTexts.note);
  await insertNote(db, theirs, b, 'Hidden by the person', { hiddenAt: new Date(), hiddenBy: p });
  await db.insert(noteRefusals).values({ userId: p, rule: texts.refusedRule });
  // A theme suggestion of theirs the guard held for a moderator (issue 53 §2).
  await db
    .insert(heldTexts)
    .values({ jamId: jam.id, authorId: p, field: 'themeTextSchema.text', target: 'theme', text: 'Held theme', rule: 'personal' });
  await insertReport(db, p, { jamId: jam.id, entryId: theirs.id }, 'spam', texts.report);
  await insertReport(db, b, { jamId: jam.id, entryId: mine.id }, 'spam', bystanderTexts.report);
  const resolved = await insertReport(db, b, { jamId: jam.id, entryId: null }, 'other', 'Resolved by the person');
  await db
    .update(reports)
    .set({ status: 'dismissed', resolverId: p, resolution: 'dismissed' })
    .where(eq(reports.id, resolved.id));
  await insertJamRequest(db, p, { name: texts.request });
  await insertJamRequest(db, b, { name: bystanderTexts.request, reviewedBy: p, status: 'declined', updatedBy: p });
  const [, bystanderNotification] = await db
    .insert(notifications)
    .values([
      { userId: p, kind: 'kudos', key: `kudos:${mine.id}:${b}`, jamId: jam.id, entryId: mine.id, actorId: b },
      { userId: b, kind: 'kudos', key: `kudos:${theirs.id}:${p}`, jamId: jam.id, entryId: theirs.id, actorId: p },
    ])
    .returning();
  const word = `fpword${p}`;
  await db.insert(blockedWords).values({ word, addedBy: p });
  // What they did as a manager, and what was done to them, under their name.
  const audits = await db
    .insert(auditLog)
    .values([
      { actorId: p, actorName: personName, action: 'jam.update', jamId: ownJam.id, details: { fields: ['body'] } },
      {
        actorId: b,
        actorName: bystanderName,
        action: 'entry.credit.invite',
        jamId: teamJam.id,
        targetUserId: p,
        details: { entryId: team.id, title: team.title, name: personName },
      },
    ])
    .returning({ id: auditLog.id });
  await db.insert(loginTokens).values({ id: `footprint-${p}`, userId: p, expiresAt: new Date(Date.now() + 60_000) });
  await db.insert(rateLimitBuckets).values([
    { key: `votes:user:${p}`, tokens: 3, at: Date.now() },
    { key: `votes:user:${b}`, tokens: 3, at: Date.now() },
  ]);
  await db.insert(idempotencyKeys).values([
    {
      owner: `user:${p}`,
      key: `footprint-${p}`,
      fingerprint: 'f',
      createdAt: Date.now(),
      status: 201,
      body: '{"text":"theirs"}',
    },
    { owner: `user:${b}`, key: `footprint-${b}`, fingerprint: 'f', createdAt: Date.now(), status: 201, body: '{}' },
  ]);
  // The bystander's private feeds; the person's too, whose secret the export must not carry.
  await db
    .update(users)
    .set({ feedToken: `secret-feed-${p}` })
    .where(eq(users.id, p));
  return {
    person,
    bystander,
    texts,
    bystanderTexts,
    kept: {
      jamId: ownJam.id,
      bystanderEntryId: theirs.id,
      bystanderNotificationId: bystanderNotification!.id,
      word,
      auditIds: audits.map((row) => row.id),
    },
  };
}
