/**
 * The inbox (issue 34 §2) end to end, in English, Hungarian and Irish routes: a jam someone joined
 * starts (its mystery theme out) and two of their jam requests are declined; the bell in the
 * navigation counts them, the /notifications page shows each once, "Mark as read" marks one,
 * following an unread item's link marks it, and "Mark all as read" works with JavaScript turned off. The private calendar and RSS addresses answer only while they
 * are the current ones. The texts come from the locale files, as the pages show them.
 */
import { type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, expect, test, userPage } from './fixtures';
import { type Code, say } from './say';
import { uniqueTag } from '../helpers/unique-tag';

const HOUR = 3_600_000;

const LOCALES = [
  { code: 'en', prefix: '' },
  { code: 'hu', prefix: '/hu' },
  { code: 'ir', prefix: '/ir' },
] as const;

/** A mystery jam that starts in a few seconds, joined by `reader` before its start; and two declined requests of the reader. */
async function threeEvents(browser: Browser, reader: Page, code: Code) {
  const admin = await userPage(browser, 'demo_admin', { scratchAvatars: true });
  const stamp = `${code} ${uniqueTag()}`;
  const startsAt = Date.now() + 4_000;
  const jam = await createJamThroughApi(admin.request, {
    name: `Inbox Walk ${stamp}`,
    description: 'The inbox end to end.',
    body: 'The theme is: lanterns.',
    mystery: true,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 30 * HOUR).toISOString(),
  });
  const joined = await reader.request.put(`/api/jams/${jam.slug}/participation`);
  expect(joined.status(), await joined.text()).toBe(200);
  const reason = 'Please choose dates after the holidays.';
  const requestNames = [`Asked ${stamp}`, `Asked again ${stamp}`];
  // One pending request at a time: each is declined before the next is sent.
  for (const name of requestNames) {
    const sent = await reader.request.post('/api/jam-requests', {
      data: {
        name,
        description: 'A request that will be declined.',
        startsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
        endsAt: new Date(Date.now() + 96 * HOUR).toISOString(),
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const declined = await admin.request.post(`/api/jam-requests/${id}/decline`, { data: { reason } });
    expect(declined.status(), await declined.text()).toBe(200);
  }
  await admin.context().close();
  // Time-based events appear once their moment has come.
  await expect.poll(() => Date.now() >= startsAt, { timeout: 10_000 }).toBe(true);
  return { jamName: jam.name, requestNames, reason };
}

const bell = (page: Page) => page.getByRole('navigation', { name: /.*/ }).first().locator('a[href$="/notifications"]');

for (const { code, prefix } of LOCALES) {
  test(`${code}: the bell counts the unread items, the inbox shows each event once and marks it read, also without JavaScript`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const reader = await userPage(browser, `inbox_reader_${code}`, { scratchAvatars: true });
    const { jamName, requestNames, reason } = await threeEvents(browser, reader, code);
    const started = say(code, 'inbox.startedMystery', { jam: jamName });
    const [declined, declinedAgain] = requestNames.map((name) => say(code, 'inbox.requestDeclined', { name })) as [
      string,
      string,
    ];

    await reader.goto(`${prefix}/explore`);
    await expect(bell(reader)).toHaveAttribute('aria-label', say(code, 'inbox.bellUnread_other', { count: 3 }));
    await expect(bell(reader)).toContainText('3');
    await bell(reader).click();
    await expect(reader).toHaveURL(new RegExp(`${prefix}/notifications$`));
    await expect(reader.getByRole('heading', { level: 1, name: say(code, 'inbox.title') })).toBeVisible();
    await expect(reader.getByText(say(code, 'inbox.unreadCount_other', { count: 3 }))).toBeVisible();
    const items = reader.locator('ol.items > li');
    await expect(items).toHaveCount(3);
    await expect(items.filter({ hasText: started })).toHaveCount(1);
    await expect(items.filter({ hasText: declined })).toContainText(say(code, 'inbox.reason', { reason }));
    expect(await accessibilityViolations(reader)).toEqual([]);

    // Reading again writes nothing new: still one item per event.
    await reader.reload();
    await expect(items).toHaveCount(3);

    // Mark one read: it loses its "New" mark, the bell counts one.
    const declinedItem = items.filter({ hasText: declined });
    await declinedItem.getByRole('button', { name: `${say(code, 'inbox.markRead')}: ${declined}` }).click();
    await expect(declinedItem.getByText(say(code, 'inbox.new'), { exact: true })).toHaveCount(0);
    await expect(items.filter({ hasText: started }).getByText(say(code, 'inbox.new'), { exact: true })).toBeVisible();
    await expect(bell(reader)).toHaveAttribute('aria-label', say(code, 'inbox.bellUnread_other', { count: 2 }));

    // Following an unread item's link marks it read on the way (the declined request leads to the dashboard).
    await items.filter({ hasText: declinedAgain }).getByRole('link', { name: declinedAgain }).click();
    await expect(reader).toHaveURL(new RegExp(`${prefix}/dashboard$`));
    await expect(bell(reader)).toHaveAttribute('aria-label', say(code, 'inbox.bellUnread_one', { count: 1 }));

    // Without JavaScript: the page is whole and "Mark all as read" is a plain form.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(await reader.context().cookies());
    const noScript = await plain.newPage();
    await noScript.goto(`${prefix}/notifications`);
    await expect(noScript.locator('ol.items > li')).toHaveCount(3);
    await expect(noScript.getByText(say(code, 'inbox.new'), { exact: true })).toHaveCount(1);
    await noScript.getByRole('button', { name: say(code, 'inbox.markAllRead') }).click();
    await expect(noScript).toHaveURL(new RegExp(`${prefix}/notifications$`));
    await expect(noScript.getByRole('button', { name: say(code, 'inbox.markAllRead') })).toHaveCount(0);
    await expect(noScript.getByText(say(code, 'inbox.new'), { exact: true })).toHaveCount(0);
    await expect(noScript.locator('ol.items > li')).toHaveCount(3);
    await plain.close();

    await reader.goto(`${prefix}/explore`);
    await expect(bell(reader)).toHaveAttribute('aria-label', say(code, 'inbox.bell'));
    await reader.context().close();
  });

  test(`${code}: the private calendar answers only at its current address, and not once turned off`, async ({ browser }) => {
    const reader = await userPage(browser, `feed_reader_${code}`, { scratchAvatars: true });
    const admin = await userPage(browser, 'demo_admin', { scratchAvatars: true });
    const jam = await createJamThroughApi(admin.request, {
      name: `Feed Walk ${code} ${uniqueTag()}`,
      description: 'Private feeds end to end.',
      startsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      endsAt: new Date(Date.now() + 50 * HOUR).toISOString(),
    });
    await admin.context().close();
    expect((await reader.request.put(`/api/jams/${jam.slug}/participation`)).status()).toBe(200);

    await reader.goto(`${prefix}/dashboard`);
    const section = reader.getByRole('region', { name: say(code, 'inbox.feeds.heading') });
    await expect(section.getByText(say(code, 'inbox.feeds.none'))).toBeVisible();
    await section.getByRole('button', { name: say(code, 'inbox.feeds.create') }).click();
    const calendar = section.getByLabel(say(code, 'inbox.feeds.calendarLabel'));
    await expect(calendar).toHaveValue(new RegExp(`${prefix}/feeds/[a-z2-7]{40}/my-jams\\.ics$`));
    const first = await calendar.inputValue();
    const rss = await section.getByLabel(say(code, 'inbox.feeds.rssLabel')).inputValue();
    const ics = await reader.request.get(first);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain(`SUMMARY:${jam.name}`);
    expect((await reader.request.get(rss)).status()).toBe(200);
    // Anyone with the address may read it (a calendar app has no session); the address is the secret.
    const stranger = await browser.newContext();
    expect((await stranger.request.get(first)).status()).toBe(200);

    await section.getByRole('button', { name: say(code, 'inbox.feeds.rotate') }).click();
    await expect(calendar).not.toHaveValue(first);
    const second = await calendar.inputValue();
    expect((await stranger.request.get(first)).status()).toBe(404);
    expect((await stranger.request.get(rss)).status()).toBe(404);
    expect((await stranger.request.get(second)).status()).toBe(200);

    await section.getByRole('button', { name: say(code, 'inbox.feeds.off') }).click();
    await expect(section.getByText(say(code, 'inbox.feeds.none'))).toBeVisible();
    expect((await stranger.request.get(second)).status()).toBe(404);
    await stranger.close();
    await reader.context().close();
  });
}
