/**
 * Requesting a jam (issue 17 part 3) end to end, in English, Hungarian and Irish routes: a
 * Scratcher fills in the jam form and a note, sees the request pending on their dashboard, and an
 * administrator reviews it in the queue — edits and approves it (the jam appears with the requester
 * as its manager), or declines it with a reason the requester reads; a pending request can be
 * withdrawn. The texts come from the locale files, as the pages show them.
 */
import { type Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { datetimeLocal, expect, test, userPage } from './fixtures';
import { type Code, say } from './say';
import { uniqueTag } from '../helpers/unique-tag';

const DAY = 86_400_000;

/** A toast shown after the page reloads or moves on: the new page may take a moment under load. */
const AFTER_RELOAD = { timeout: 15_000 };

const LOCALES = [
  { code: 'en', prefix: '' },
  { code: 'hu', prefix: '/hu' },
  { code: 'ir', prefix: '/ir' },
] as const;

const uniqueName = (base: string) => `${base} ${uniqueTag()}`;

/** The request's card in a list (dashboard or queue). */
const card = (page: Page, name: string) => page.locator('article.jam-request-card').filter({ hasText: name });

/** Sends a request through the API with the page's session, as the form would. */
async function requestThroughApi(page: Page, name: string) {
  const response = await page.request.post('/api/jam-requests', {
    data: {
      name,
      description: 'Asked for through the API.',
      startsAt: new Date(Date.now() + 3 * DAY).toISOString(),
      endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
      note: 'Please review me.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the queue from the administrator's dashboard, on the tab of `status`. */
async function openQueue(admin: Page, code: Code, prefix: string, status: 'pending' | 'approved' | 'declined') {
  await admin.goto(`${prefix}/dashboard`);
  await admin.getByRole('link', { name: new RegExp(`^${say(code, 'dashboard.jamRequests')}`) }).click();
  await expect(admin).toHaveURL(new RegExp(`${prefix}/dashboard/jam-requests$`));
  await expect(admin.getByRole('heading', { level: 1, name: say(code, 'jamRequests.heading') })).toBeVisible();
  const tabs = admin.getByRole('navigation', { name: say(code, 'jamRequests.filter') });
  if (status !== 'pending')
    await tabs.getByRole('link', { name: new RegExp(`^${say(code, `jamRequest.status.${status}`)}`) }).click();
  await expect(tabs.locator('[aria-current="true"]')).toContainText(say(code, `jamRequest.status.${status}`));
}

for (const { code, prefix } of LOCALES) {
  test(`${code}: a Scratcher requests a jam, an administrator edits and approves it, the requester manages it`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const name = uniqueName(`Request ${code}`);
    const requester = await userPage(browser, `asks_${code}`, { scratchAvatars: true });

    // The Create menu offers the request to people who are not administrators.
    await requester.goto(`${prefix}/explore`);
    await requester
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(say(code, 'nav.create')) })
      .click();
    await requester.getByRole('menuitem', { name: say(code, 'nav.requestJam') }).click();
    await expect(requester).toHaveURL(new RegExp(`${prefix}/jams/request$`));
    await expect(requester.getByRole('heading', { level: 1, name: say(code, 'jamRequest.title') })).toBeVisible();
    await expect(requester.getByText(say(code, 'jamRequest.intro'))).toBeVisible();

    // The create form's checks, then a complete request with a note.
    const send = requester.getByRole('button', { name: say(code, 'jamRequest.send') });
    await send.click();
    await expect(requester.getByText('Please fill in the required fields!').first()).toBeVisible();
    await requester.getByLabel(say(code, 'jamForm.name')).fill(name);
    await requester.getByLabel(say(code, 'jamForm.description')).fill('A jam asked for in the browser.');
    await requester.getByRole('textbox', { name: say(code, 'jamForm.body') }).fill('## Theme\n\nAsking **nicely**.');
    await requester.getByLabel(say(code, 'jamForm.startsAt')).fill(datetimeLocal(2 * DAY));
    await requester.getByLabel(say(code, 'jamForm.endsAt')).fill(datetimeLocal(9 * DAY));
    // The note filter guards what the requester writes (issue 41): said at the field, the words never repeated.
    await requester.getByLabel(say(code, 'jamRequest.note')).fill('Add me on discord: cool_kid99');
    await send.click();
    const noteBox = requester.getByLabel(say(code, 'jamRequest.note'));
    await expect(noteBox).toHaveAttribute('aria-invalid', 'true');
    await expect(noteBox).toHaveAccessibleDescription(
      `${say(code, 'jamRequest.noteHint')} ${say(code, 'common.refused.contact')}`,
    );
    await noteBox.fill(`I host jams in my studio (${code}).`);
    await send.click();

    // Pending on the dashboard; the request page says so instead of offering another form.
    await expect(requester).toHaveURL(new RegExp(`${prefix}/dashboard$`));
    await expect(requester.getByText(say(code, 'jamRequest.sent'))).toBeVisible(AFTER_RELOAD);
    await expect(requester.getByRole('heading', { name: say(code, 'dashboard.requests') })).toBeVisible();
    const mine = card(requester, name);
    await expect(mine.getByText(say(code, 'jamRequest.status.pending'), { exact: true })).toBeVisible();
    await expect(mine.getByText(say(code, 'jamRequest.waiting'))).toBeVisible();
    await requester.goto(`${prefix}/jams/request`);
    await expect(requester.getByText(say(code, 'jamRequest.pendingExists', { name }))).toBeVisible();
    await expect(requester.getByRole('button', { name: say(code, 'jamRequest.send') })).toHaveCount(0);

    // The administrator finds it in the queue with the note, edits it and approves it.
    const admin = await userPage(browser, 'demo_admin', { scratchAvatars: true });
    await openQueue(admin, code, prefix, 'pending');
    const queued = card(admin, name);
    await expect(queued.getByText(`I host jams in my studio (${code}).`)).toBeVisible();
    await expect(queued.getByText(`asks_${code}`)).toBeVisible();
    await queued.getByRole('button', { name: say(code, 'jamRequests.reviewLabel', { name, requester: `asks_${code}` }) }).click();
    const review = admin.getByRole('dialog', { name: say(code, 'jamRequests.reviewTitle', { name: `asks_${code}` }) });
    await expect(review.getByText(`I host jams in my studio (${code}).`)).toBeVisible();
    await expect(review.getByLabel(say(code, 'jamForm.name'))).toHaveValue(name);
    if (code === 'en') expect(await accessibilityViolations(admin)).toEqual([]);
    await review.getByLabel(say(code, 'jamForm.description')).fill('Edited by the administrators.');
    await review.getByRole('button', { name: say(code, 'jamRequests.approve') }).click();
    await expect(admin.getByText(say(code, 'jamRequests.approved', { name, requester: `asks_${code}` }))).toBeVisible(
      AFTER_RELOAD,
    );
    await expect(card(admin, name)).toHaveCount(0);
    await openQueue(admin, code, prefix, 'approved');
    await expect(card(admin, name).getByText(say(code, 'jamRequest.status.approved'), { exact: true })).toBeVisible();
    await expect(card(admin, name).getByRole('link', { name: say(code, 'jamRequest.openJam') })).toBeVisible();

    // The requester's dashboard links the new jam, which they manage.
    await requester.goto(`${prefix}/dashboard`);
    await expect(card(requester, name).getByText(say(code, 'jamRequest.approvedYouManage'))).toBeVisible();
    await card(requester, name)
      .getByRole('link', { name: say(code, 'jamRequest.openJam') })
      .click();
    await expect(requester.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(requester).toHaveURL(new RegExp(`${prefix}/jams/request-${code}-`));
    await expect(requester.getByText('Edited by the administrators.').first()).toBeVisible();
    await expect(requester.getByText(say(code, 'jam.youAreManager'))).toBeVisible();

    await admin.context().close();
    await requester.context().close();
  });

  test(`${code}: an administrator declines a request with a reason the requester reads; the next one is withdrawn`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const requesterName = `asks_${code}_2`;
    const name = uniqueName(`Declined ${code}`);
    const requester = await userPage(browser, requesterName, { scratchAvatars: true });
    await requestThroughApi(requester, name);

    const admin = await userPage(browser, 'demo_admin', { scratchAvatars: true });
    await openQueue(admin, code, prefix, 'pending');
    await card(admin, name)
      .getByRole('button', { name: say(code, 'jamRequests.reviewLabel', { name, requester: requesterName }) })
      .click();
    const review = admin.getByRole('dialog', { name: say(code, 'jamRequests.reviewTitle', { name: requesterName }) });
    await review.getByRole('button', { name: say(code, 'jamRequests.decline'), exact: true }).click();
    const decline = admin.getByRole('dialog', { name: say(code, 'jamRequests.declineTitle', { name }) });
    await decline.getByRole('button', { name: say(code, 'jamRequests.declineConfirm') }).click();
    await expect(decline.getByRole('alert')).toHaveText(say(code, 'jamRequests.reasonRequired'));
    await decline.getByLabel(say(code, 'jamRequests.declineReason')).fill(`The dates clash with another jam (${code}).`);
    if (code === 'en') expect(await accessibilityViolations(admin)).toEqual([]);
    await decline.getByRole('button', { name: say(code, 'jamRequests.declineConfirm') }).click();
    await expect(admin.getByText(say(code, 'jamRequests.declined'))).toBeVisible(AFTER_RELOAD);
    await openQueue(admin, code, prefix, 'declined');
    await expect(card(admin, name).getByText(`The dates clash with another jam (${code}).`)).toBeVisible();

    // The requester reads why, and may ask again.
    await requester.goto(`${prefix}/dashboard`);
    const declined = card(requester, name);
    await expect(declined.getByText(say(code, 'jamRequest.status.declined'), { exact: true })).toBeVisible();
    await expect(declined.getByText(say(code, 'jamRequest.declineReason'))).toBeVisible();
    await expect(declined.getByText(`The dates clash with another jam (${code}).`)).toBeVisible();
    await requester
      .getByRole('region', { name: say(code, 'dashboard.requests') })
      .getByRole('link', { name: say(code, 'jamRequest.cta') })
      .click();
    await expect(requester.getByRole('button', { name: say(code, 'jamRequest.send') })).toBeVisible();

    // A second request, withdrawn from the dashboard before anyone answers it.
    const second = uniqueName(`Withdrawn ${code}`);
    await requestThroughApi(requester, second);
    await requester.goto(`${prefix}/dashboard`);
    await card(requester, second)
      .getByRole('button', { name: say(code, 'jamRequest.withdrawLabel', { name: second }) })
      .click();
    const confirm = requester.getByRole('dialog', { name: say(code, 'jamRequest.withdrawTitle') });
    await expect(confirm.getByText(say(code, 'jamRequest.withdrawMessage', { name: second }))).toBeVisible();
    await confirm.getByRole('button', { name: say(code, 'jamRequest.withdraw') }).click();
    await expect(requester.getByText(say(code, 'jamRequest.withdrawn'))).toBeVisible(AFTER_RELOAD);
    await expect(card(requester, second)).toHaveCount(0);
    await expect(card(requester, name)).toBeVisible();

    await admin.context().close();
    await requester.context().close();
  });
}

test('where the site said "contact an administrator", it now offers the request', async ({ page, browser }) => {
  // Visitors are sent to log in first.
  await page.goto('/jams/request');
  await expect(page).toHaveURL(/\/login$/);
  for (const path of ['/about', '/faq', '/hu/faq']) {
    await page.goto(path);
    const link = page.getByRole('link', { name: say(path.startsWith('/hu') ? 'hu' : 'en', 'jamRequest.cta') });
    await expect(link).toHaveAttribute('href', path.startsWith('/hu') ? '/hu/jams/request' : '/jams/request');
  }

  const someone = await userPage(browser, 'asks_nothing', { scratchAvatars: true });
  await someone.goto('/jams/new');
  await expect(someone.getByText(say('en', 'jamForm.adminsOnly'))).toBeVisible();
  await someone.getByRole('main').getByRole('link', { name: 'Request a game jam' }).click();
  await expect(someone).toHaveURL(/\/jams\/request$/);
  await expect(someone.getByLabel('Note to the administrators')).toBeVisible();
  // Someone who never asked sees the empty list and the way to ask on their dashboard.
  await someone.goto('/dashboard');
  const section = someone.getByRole('region', { name: 'Your jam requests' });
  await expect(section.getByText('You have not requested any game jams.')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Request a game jam' })).toHaveAttribute('href', '/jams/request');
  await someone.context().close();
});
