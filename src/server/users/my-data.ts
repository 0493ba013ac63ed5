/**
 * "Download my data" (issue 41 §3): everything kept about the person asking, read in one round trip
 * (every select starts in the same tick, so read-batches.ts sends them together). Whatever is theirs
 * and nothing of anyone else's that they could not already see: no session or login token, no feed
 * secret, not who handled their reports or hid their notes.
 */
import { type Column, asc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import {
  entries,
  entryCredits,
  jamManagers,
  jamParticipants,
  jamRequests,
  jams,
  kudos,
  lateSubmissions,
  notes,
  themeAnswers,
  themeFinalVotes,
  themeSuggesters,
  themeSuggestions,
  notifications,
  plays,
  reports,
  ratings,
  jamJudges,
  judgeFeedback,
  users,
  votes,
} from '#db/schema';
import type { MyDataDto } from '#lib/schemas/my-data';
import type { ReportReason } from '#lib/schemas/reports';
import { unauthenticated } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { readTogether } from '#server/platform/named';
import { resultsArePublicSql } from '#lib/results-public';
import type { SessionUser } from '#server/auth/session';
import { jamVersionsOfMember } from '#server/entries/jam-version-files';
import { heldTextsOf } from '#server/feedback/held-texts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const jamRef = { slug: jams.slug, name: jams.name };
const entryRef = { id: entries.id, title: entries.title };

/** The tables of things a person did to an entry (credited on it, noted, gave kudos, voted, played). */
type AboutEntries = typeof entryCredits | typeof notes | typeof kudos | typeof votes | typeof plays | typeof judgeFeedback;

/** `person`'s rows of such a table (`owner` names them), each with its entry and jam, in `order`. */
function rowsAboutEntries<Fields extends SelectedFields>(
  fields: Fields,
  table: AboutEntries,
  owner: Column,
  order: Column,
  person: number,
) {
  return db()
    .select({ ...fields, entry: entryRef, jam: jamRef })
    .from(table)
    .innerJoin(entries, eq(entries.id, table.entryId))
    .innerJoin(jams, eq(jams.id, table.jamId))
    .where(eq(owner, person))
    .orderBy(asc(order));
}

export async function myData(user: SessionUser): Promise<MyDataDto> {
  const database = db();
  const id = user.id;
  const actor = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${notifications.actorId})`;
  const rows = await readTogether({
    profileRows: database.select().from(users).where(eq(users.id, id)),
    entryRows: database
      // The managers' pick is a result: in the export too only once public (ADR 041, issue 55).
      .select({ entry: entries, jam: jamRef, resultsPublic: resultsArePublicSql(jams, Date.now()).mapWith(Boolean) })
      .from(entries)
      .innerJoin(jams, eq(jams.id, entries.jamId))
      .where(eq(entries.submitterId, id))
      .orderBy(asc(entries.id)),
    creditRows: rowsAboutEntries({ credit: entryCredits }, entryCredits, entryCredits.userId, entryCredits.invitedAt, id),
    noteRows: rowsAboutEntries({ note: notes }, notes, notes.authorId, notes.id, id),
    kudosRows: rowsAboutEntries({ sticker: kudos.sticker, at: kudos.createdAt }, kudos, kudos.giverId, kudos.createdAt, id),
    voteRows: rowsAboutEntries({ at: votes.createdAt }, votes, votes.voterId, votes.createdAt, id),
    ratingRows: database
      .select({ rating: ratings, entry: entryRef, jam: jamRef, criteria: jams.criteria })
      .from(ratings)
      .innerJoin(entries, eq(entries.id, ratings.entryId))
      .innerJoin(jams, eq(jams.id, ratings.jamId))
      .where(eq(ratings.raterId, id))
      .orderBy(asc(ratings.createdAt), asc(ratings.entryId), asc(ratings.criterionId)),
    judgingRows: database
      .select({ seat: jamJudges, jam: jamRef })
      .from(jamJudges)
      .innerJoin(jams, eq(jams.id, jamJudges.jamId))
      .where(eq(jamJudges.userId, id))
      .orderBy(asc(jamJudges.invitedAt)),
    feedbackRows: rowsAboutEntries(
      { feedback: judgeFeedback },
      judgeFeedback,
      judgeFeedback.judgeId,
      judgeFeedback.createdAt,
      id,
    ),
    playRows: rowsAboutEntries({ at: plays.playedAt }, plays, plays.playerId, plays.playedAt, id),
    reportRows: database
      .select({ report: reports, entry: { id: entries.id, title: entries.title }, jam: jamRef })
      .from(reports)
      .innerJoin(jams, eq(jams.id, reports.jamId))
      .leftJoin(entries, eq(entries.id, reports.entryId))
      .where(eq(reports.reporterId, id))
      .orderBy(asc(reports.id)),
    inboxRows: database
      .select({
        item: notifications,
        actor,
        jam: { slug: jams.slug, name: jams.name },
        entry: { id: entries.id, title: entries.title },
      })
      .from(notifications)
      .leftJoin(jams, eq(jams.id, notifications.jamId))
      .leftJoin(entries, eq(entries.id, notifications.entryId))
      .where(eq(notifications.userId, id))
      .orderBy(asc(notifications.id)),
    requestRows: database.select().from(jamRequests).where(eq(jamRequests.requesterId, id)).orderBy(asc(jamRequests.id)),
    joinedRows: database
      .select({ joinedAt: jamParticipants.joinedAt, jam: jamRef })
      .from(jamParticipants)
      .innerJoin(jams, eq(jams.id, jamParticipants.jamId))
      .where(eq(jamParticipants.userId, id))
      .orderBy(asc(jamParticipants.joinedAt)),
    managedRows: database
      .select({ addedAt: jamManagers.addedAt, jam: jamRef })
      .from(jamManagers)
      .innerJoin(jams, eq(jams.id, jamManagers.jamId))
      .where(eq(jamManagers.userId, id))
      .orderBy(asc(jamManagers.addedAt)),
    lateRows: database
      .select({ until: lateSubmissions.until, grantedAt: lateSubmissions.grantedAt, jam: jamRef })
      .from(lateSubmissions)
      .innerJoin(jams, eq(jams.id, lateSubmissions.jamId))
      .where(eq(lateSubmissions.userId, id))
      .orderBy(asc(lateSubmissions.grantedAt)),
    // Theme rounds (ADR 043): each suggester row, with the suggestion (its text is theirs when they were first).
    suggestedRows: database
      .select({ at: themeSuggesters.createdAt, text: themeSuggestions.text, by: themeSuggestions.suggestedBy, jam: jamRef })
      .from(themeSuggesters)
      .innerJoin(themeSuggestions, eq(themeSuggestions.id, themeSuggesters.suggestionId))
      .innerJoin(jams, eq(jams.id, themeSuggesters.jamId))
      .where(eq(themeSuggesters.userId, id))
      .orderBy(asc(themeSuggesters.createdAt), asc(themeSuggesters.suggestionId)),
    answerRows: database
      .select({ answer: themeAnswers.answer, at: themeAnswers.createdAt, theme: themeSuggestions.text, jam: jamRef })
      .from(themeAnswers)
      .innerJoin(themeSuggestions, eq(themeSuggestions.id, themeAnswers.suggestionId))
      .innerJoin(jams, eq(jams.id, themeAnswers.jamId))
      .where(eq(themeAnswers.userId, id))
      .orderBy(asc(themeAnswers.createdAt), asc(themeAnswers.suggestionId)),
    pickRows: database
      .select({ at: themeFinalVotes.createdAt, updatedAt: themeFinalVotes.updatedAt, theme: themeSuggestions.text, jam: jamRef })
      .from(themeFinalVotes)
      .innerJoin(themeSuggestions, eq(themeSuggestions.id, themeFinalVotes.suggestionId))
      .innerJoin(jams, eq(jams.id, themeFinalVotes.jamId))
      .where(eq(themeFinalVotes.userId, id))
      .orderBy(asc(themeFinalVotes.createdAt), asc(themeFinalVotes.jamId)),
    // ADR 050: the jam versions of the entries they are on the team of.
    jamVersionRows: jamVersionsOfMember(id),
    heldRows: heldTextsOf(id),
  });
  const [profile] = rows.profileRows;
  // Deleted between the session's read and this one.
  if (!profile) throw unauthenticated('Your account no longer exists.');
  return {
    format: 'itinerary-my-data',
    version: 1,
    exportedAt: new Date().toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      avatarUrl: profile.avatarUrl,
      isAdmin: profile.isAdmin,
      isBanned: profile.isBanned,
      joinedAt: iso(profile.createdAt),
      updatedAt: iso(profile.updatedAt),
      privateFeeds: profile.feedToken !== null,
    },
    entries: rows.entryRows.map(({ entry, jam, resultsPublic }) => ({
      id: entry.id,
      jam,
      scratchId: entry.scratchId,
      title: entry.title,
      authorName: entry.authorName,
      instructions: entry.instructions,
      notes: entry.notes,
      submittedAt: iso(entry.submittedAt),
      isWinner: resultsPublic && entry.isWinner,
      review: entry.review,
      playCount: entry.playCount,
      kudosCount: entry.kudosCount,
      answers: entry.answers,
      late: entry.late,
    })),
    credits: rows.creditRows.map(({ credit, entry, jam }) => ({
      entry,
      jam,
      status: credit.status,
      invitedAt: iso(credit.invitedAt),
      acceptedAt: isoOrNull(credit.acceptedAt),
    })),
    notes: rows.noteRows.map(({ note, entry, jam }) => ({
      id: note.id,
      entry,
      jam,
      text: note.text,
      createdAt: iso(note.createdAt),
      hidden: note.hiddenAt !== null,
    })),
    kudosGiven: rows.kudosRows.map(({ sticker, at, entry, jam }) => ({ entry, jam, sticker, createdAt: iso(at) })),
    votes: rows.voteRows.map(({ at, entry, jam }) => ({ entry, jam, createdAt: iso(at) })),
    ratings: rows.ratingRows.map(({ rating, entry, jam, criteria }) => ({
      entry,
      jam,
      criterion: criteria.find((criterion) => criterion.id === rating.criterionId)?.name ?? null,
      stars: rating.stars,
      createdAt: iso(rating.createdAt),
      updatedAt: iso(rating.updatedAt),
    })),
    judging: rows.judgingRows.map(({ seat, jam }) => ({
      jam,
      status: seat.status,
      invitedAt: iso(seat.invitedAt),
      acceptedAt: isoOrNull(seat.acceptedAt),
    })),
    judgeFeedback: rows.feedbackRows.map(({ feedback, entry, jam }) => ({
      entry,
      jam,
      text: feedback.text,
      createdAt: iso(feedback.createdAt),
      updatedAt: iso(feedback.updatedAt),
    })),
    plays: rows.playRows.map(({ at, entry, jam }) => ({ entry, jam, playedAt: iso(at) })),
    reports: rows.reportRows.map(({ report, entry, jam }) => ({
      id: report.id,
      jam,
      entry: entry?.id == null ? null : entry,
      noteId: report.noteId,
      reason: report.reason as ReportReason,
      text: report.text,
      status: report.status === 'open' ? ('open' as const) : ('closed' as const),
      createdAt: iso(report.createdAt),
      closedAt: isoOrNull(report.resolvedAt),
    })),
    notifications: rows.inboxRows.map(({ item, actor: actorName, jam, entry }) => ({
      id: item.id,
      kind: item.kind,
      jam: jam?.slug == null ? null : jam,
      entry: entry?.id == null ? null : entry,
      actor: actorName,
      data: item.data ?? null,
      createdAt: iso(item.createdAt),
      readAt: isoOrNull(item.readAt),
    })),
    jamRequests: rows.requestRows.map((request) => ({
      id: request.id,
      name: request.name,
      description: request.description,
      body: request.body,
      imageUrl: request.imageUrl,
      startsAt: iso(request.startsAt),
      endsAt: iso(request.endsAt),
      mystery: request.mystery,
      note: request.note,
      status: request.status,
      declineReason: request.declineReason,
      createdAt: iso(request.createdAt),
    })),
    joinedJams: rows.joinedRows.map(({ jam, joinedAt }) => ({ jam, joinedAt: iso(joinedAt) })),
    managedJams: rows.managedRows.map(({ jam, addedAt }) => ({ jam, addedAt: iso(addedAt) })),
    lateWindows: rows.lateRows.map(({ jam, until, grantedAt }) => ({ jam, until: iso(until), grantedAt: iso(grantedAt) })),
    themeSuggestions: rows.suggestedRows.map(({ jam, text, by, at }) => ({ jam, text, first: by === id, suggestedAt: iso(at) })),
    themeAnswers: rows.answerRows.map(({ jam, theme, answer, at }) => ({ jam, theme, answer, answeredAt: iso(at) })),
    themePicks: rows.pickRows.map(({ jam, theme, at, updatedAt }) => ({
      jam,
      theme,
      pickedAt: iso(at),
      updatedAt: iso(updatedAt),
    })),
    jamVersions: rows.jamVersionRows,
    heldTexts: rows.heldRows,
  };
}

/** `itinerary-data-{name}-{yyyy-mm-dd}.json`: Scratch usernames are letters, digits, `_` and `-`, safe in a header. */
export const myDataFileName = (name: string, at = new Date()) =>
  `itinerary-data-${name.replace(/[^A-Za-z0-9_-]/g, '_')}-${at.toISOString().slice(0, 10)}.json`;
