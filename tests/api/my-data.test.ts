/**
 * "Download my data" (issue 41 §3): GET /api/me/export answers one JSON file of everything kept
 * about the person asking, as a download, and nothing that would let anyone log in as them or that
 * belongs to someone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_DATA_SECTIONS, myDataSchema } from '#lib/schemas/my-data';
import { hashToken } from '#server/auth/session';
import { type Environment, startEnvironment } from '../helpers/environment';
import { type Footprint, leaveFootprint } from '../helpers/footprint';

let env: Environment;
let footprint: Footprint;

beforeAll(async () => {
  env = await startEnvironment();
  footprint = await leaveFootprint(env, 'export_kid', 'export_other');
});
afterAll(() => env?.close());

describe('GET /api/me/export', () => {
  it('answers 401 to a visitor', async () => {
    const reply = await env.request('/api/me/export');
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe('unauthenticated');
  });

  it('answers a download of one JSON file, named after the person and the day, never cached', async () => {
    const reply = await env.request('/api/me/export', { as: footprint.person });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const day = new Date().toISOString().slice(0, 10);
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="itinerary-data-export_kid-${day}.json"`);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(myDataSchema.safeParse(reply.body).error).toBeUndefined();
    expect(Object.keys(reply.body)).toEqual(['format', 'version', 'exportedAt', ...MY_DATA_SECTIONS]);
  });

  it('holds every section of what the person did', async () => {
    const { body } = await env.request('/api/me/export', { as: footprint.person });
    const titles = (rows: { entry: { title: string } }[]) => rows.map((row) => row.entry.title);
    expect(body.profile).toMatchObject({ id: footprint.person.id, name: 'export_kid', isAdmin: false, privateFeeds: true });
    expect(body.entries.map((entry: { title: string }) => entry.title)).toEqual(['Footprint Mine']);
    expect(body.credits).toMatchObject([
      { entry: { title: 'Footprint Team' }, jam: { name: 'Footprint Team Jam' }, status: 'accepted' },
    ]);
    expect(body.notes).toMatchObject([{ text: footprint.texts.note, entry: { title: 'Footprint Theirs' }, hidden: false }]);
    expect(body.kudosGiven).toMatchObject([{ sticker: 'art', entry: { title: 'Footprint Theirs' } }]);
    expect(titles(body.votes)).toEqual(['Footprint Theirs']);
    expect(titles(body.plays)).toEqual(['Footprint Theirs']);
    expect(body.reports).toMatchObject([{ reason: 'spam', text: footprint.texts.report, status: 'open' }]);
    expect(body.notifications).toMatchObject([{ kind: 'kudos', actor: 'export_other', entry: { title: 'Footprint Mine' } }]);
    expect(body.jamRequests).toMatchObject([{ name: footprint.texts.request, status: 'pending' }]);
    expect(body.joinedJams).toMatchObject([{ jam: { name: 'Footprint Jam' } }]);
    expect(body.managedJams).toMatchObject([{ jam: { name: 'Footprint Own Jam' } }]);
    // Theme rounds (ADR 043): their own spelling where they were first; the kept spelling where they were not.
    expect(body.themeSuggestions).toHaveLength(3);
    expect(body.themeSuggestions).toEqual(
      expect.arrayContaining([
        {
          jam: { slug: expect.any(String), name: 'Footprint Jam' },
          text: 'Footprints',
          first: true,
          suggestedAt: expect.any(String),
        },
        expect.objectContaining({ text: 'SHADOWS of forget_me', first: true }),
        {
          jam: { slug: expect.any(String), name: 'Footprint Jam' },
          text: 'Echoes',
          first: false,
          suggestedAt: expect.any(String),
        },
      ]),
    );
    expect(body.themeAnswers).toMatchObject([{ jam: { name: 'Footprint Jam' }, theme: 'Echoes', answer: 'yes' }]);
    expect(body.themePicks).toMatchObject([{ jam: { name: 'Footprint Jam' }, theme: 'Echoes' }]);
    // A text the guard held: its writer reads it here, as they do on the site ("Waiting for a moderator").
    expect(body.heldTexts).toEqual([
      { jam: { slug: expect.any(String), name: 'Footprint Jam' }, kind: 'theme', text: 'Held theme', heldAt: expect.any(String) },
    ]);
  });

  it('never carries a session token, the feed secret or anything private of someone else', async () => {
    const reply = await env.request('/api/me/export', { as: footprint.person });
    const text = JSON.stringify(reply.body);
    for (const secret of [
      footprint.person.token,
      hashToken(footprint.person.token),
      footprint.bystander.token,
      `secret-feed-${footprint.person.id}`,
      `footprint-${footprint.person.id}`,
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const theirs of Object.values(footprint.bystanderTexts)) expect(text).not.toContain(theirs);
    // Who hid a note or handled a report is not the person's to know.
    expect(text).not.toMatch(/hiddenBy|resolverId|resolution|reviewedBy|updatedBy|feedToken/);
  });

  it('is the asker’s own: the bystander’s file holds their things, not the person’s', async () => {
    const { body } = await env.request('/api/me/export', { as: footprint.bystander });
    expect(body.profile.name).toBe('export_other');
    const text = JSON.stringify(body);
    expect(text).not.toContain(footprint.texts.note);
    expect(text).not.toContain(footprint.texts.report);
    expect(text).not.toContain(footprint.texts.request);
    expect(body.notes.map((note: { text: string }) => note.text)).toContain(footprint.bystanderTexts.note);
    // A report the moderators closed says so, and not what they decided or who they were.
    expect(body.reports).toContainEqual(expect.objectContaining({ text: 'Resolved by the person', status: 'closed' }));
    // Who gave them kudos, as their inbox shows it; not who hid their note.
    expect(body.notifications).toMatchObject([{ kind: 'kudos', actor: 'export_kid' }]);
    expect(body.notes).toContainEqual(expect.objectContaining({ text: 'Hidden by the person', hidden: true }));
    // Their theme only, though the person suggested it too; not the person's answers or upvote.
    expect(body.themeSuggestions).toMatchObject([
      { text: 'Echoes', first: true },
      { text: 'SHADOWS of forget_me', first: false },
    ]);
    expect(body.themeAnswers).toEqual([]);
    expect(body.themePicks).toEqual([]);
    expect(body.heldTexts).toEqual([]);
  });
});
