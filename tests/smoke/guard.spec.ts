/**
 * The guard (issue 53, ADR 046) on every target, workerd included: the bundled guard (its data
 * files, confusables and word lists) publishes ordinary notes unchanged and holds or refuses the
 * tricks, as in vitest (tests/unit/guard.test.ts). A sample of the corpus and of the tricks goes
 * through a text answer (refused, or held for a moderator), and the notes' three outcomes through the
 * API: refused, published unchanged, and held for a moderator who approves it.
 */
import { readFileSync } from 'node:fs';
import type { APIResponse } from '@playwright/test';
import { ADMIN, MINUTE, expect, ongoingJam, test, userPage } from './fixtures';

const lines = (file: string) =>
  readFileSync(new URL(`../guard/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));

/** A few of each kind: the issue's own ordinary notes, Persian with the zero-width non-joiner, and tricks of four languages. */
/** Sends again after a 429, once its Retry-After has passed, as a person would (the edge limits answers per minute). */
async function admitted(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let tries = 0; ; tries++) {
    const reply = await send();
    if (reply.status() !== 429 || tries === 3) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(60, Number(reply.headers()['retry-after'] ?? 5))));
  }
}

// Two answers of these and the eight tricks are the ten answer changes a minute one person may make:
// more would wait out the edge's window (a minute on workerd); the whole corpus runs in vitest.
const ORDINARY = ['1 250 000 pont', 'shiitake mushrooms in level 4 lol', 'بازی‌ات فوق‌العاده‌ست'];
const TRICKS = [
  'kid&#64;gmail&#46;com',
  'add me on dicsord: coolkid_12',
  'ku rva jó',
  'چند سالته؟ کجا زندگی میکنی؟',
  // From the fresh sets, written by class (tests/unit/guard-rates.test.ts).
  'insztán vagyok kisbeka_12 néven',
  'szarul megy',
  'i hope you die',
  'a Fő utca 5-ben lakom',
];
/** The files the samples come from: every one is in them. */
const ORDINARY_FILES = ['ordinary-notes.txt', 'fresh-ordinary.txt', 'fresh-ordinary-2.txt', 'fresh-ordinary-3.txt'];
const TRICK_FILES = ['tricks.txt', 'fresh-tricks.txt', 'fresh-tricks-2.txt', 'fresh-tricks-3.txt'];

test('the guard publishes ordinary texts unchanged and holds or refuses tricks; a held note waits for a moderator', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  for (const text of [...ORDINARY, ...TRICKS]) {
    expect((ORDINARY.includes(text) ? ORDINARY_FILES : TRICK_FILES).flatMap(lines)).toContain(text);
  }
  const jam = await ongoingJam(browser, 'Smoke Guard');
  const admin = await userPage(browser, ADMIN);
  const asked = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: {
      votingEndsAt: new Date(Date.now() + 48 * 60 * MINUTE).toISOString(),
      questions: [{ kind: 'text', prompt: 'Anything to tell the players?' }],
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  // Text answers: what passes is kept exactly as typed.
  const sprite = await userPage(browser, 'sprite_smith');
  const entered = await sprite.request.post(`/api/jams/${jam.slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101', answers: { '1': ORDINARY[0] } },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  const entry = (await entered.json()) as { id: number };
  const answers = `/api/jams/${jam.slug}/entries/${entry.id}/answers`;
  for (const text of ORDINARY.slice(1)) {
    const reply = await admitted(() => sprite.request.put(answers, { data: { answers: { '1': text } } }));
    expect(reply.status(), `${text}: ${await reply.text()}`).toBe(200);
    const stored = await (await sprite.request.get(answers)).json();
    expect(stored.answers.map((answer: { answer: unknown }) => answer.answer)).toEqual([text]);
  }
  // A trick is refused, or held for a moderator: the answer before it shows meanwhile, its writer sees it waiting.
  for (const text of TRICKS) {
    const reply = await admitted(() => sprite.request.put(answers, { data: { answers: { '1': text } } }));
    if (reply.status() === 400) {
      expect((await reply.json()).error.code, text).toBe('text_refused');
      continue;
    }
    expect(reply.status(), text).toBe(200);
    const body = (await reply.json()) as { answers: { answer: unknown }[]; waiting: Record<string, string> };
    expect(
      body.answers.map((answer) => answer.answer),
      text,
    ).toEqual([ORDINARY.at(-1)]);
    expect(body.waiting, text).toEqual({ '1': text });
  }

  // Notes: refused, published unchanged, held.
  const notes = `/api/jams/${jam.slug}/entries/${entry.id}/notes`;
  // (The entry's author answers players in notes too.)
  expect((await sprite.request.post(notes, { data: { text: 'write to kid@gmail.com' } })).status()).toBe(400);
  const kept = await sprite.request.post(notes, { data: { text: ORDINARY.at(-1) } });
  expect(kept.status(), await kept.text()).toBe(201);
  expect(await kept.json()).toMatchObject({ text: ORDINARY.at(-1), held: false });
  const asker = await userPage(browser, 'loop_legend');
  const held = await asker.request.post(notes, { data: { text: 'how old are you? where do you live?' } });
  expect(held.status(), await held.text()).toBe(201);
  const heldNote = (await held.json()) as { id: number; held: boolean };
  expect(heldNote.held).toBe(true);
  // Codes are read on every host too (guard/coded.ts): an address in base64 or in Morse is the
  // address. One refusal each: three within ten minutes would mute the writer.
  for (const [writer, text] of [
    [sprite, 'my mail in base64: a2lkQGdtYWlsLmNvbQ=='],
    [asker, '-.- .. -.. .--.-. --. -- .- .. .-.. .-.-.- -.-. --- --'],
  ] as const) {
    const coded = await writer.request.post(notes, { data: { text } });
    expect(coded.status(), text).toBe(400);
    expect((await coded.json()).error.code, text).toBe('note_refused');
  }

  const visible = async () => ((await (await sprite.request.get(notes)).json()).items as { id: number }[]).map((note) => note.id);
  expect(await visible()).not.toContain(heldNote.id);
  const queue = await (await admin.request.get('/api/reports')).json();
  expect(queue.held.map((note: { id: number }) => note.id)).toContain(heldNote.id);
  const approved = await admin.request.put(`${notes}/${heldNote.id}/review`, { data: { decision: 'approve' } });
  expect(approved.status(), await approved.text()).toBe(200);
  expect(await visible()).toContain(heldNote.id);
});
