/**
 * Teams in the browser (issue 35 §1), in the three locales' routes: the submitter invites
 * co-creators on the entry page, takes an invitation back, one invitee accepts on the dashboard and
 * is credited on the card and the page (and refused a vote for it), another declines; and one entry
 * per person per jam, whether as submitter or co-creator.
 */
import { type Browser, type Page } from '@playwright/test';
import { createJamThroughApi, expect, loginAs, test, waitUntilSettled } from './fixtures';
import { type Code, say } from './say';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

async function userPage(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, name);
  return page;
}

const LOCALES: { code: Code; prefix: string; index: number }[] = [
  { code: 'en', prefix: '', index: 0 },
  { code: 'hu', prefix: '/hu', index: 1 },
  { code: 'ir', prefix: '/ir', index: 2 },
];

/** An ongoing jam with Team Tower, submitted by team_lead_{code}. */
async function teamJam(browser: Browser, code: Code, index: number) {
  const admin = await userPage(browser, 'demo_admin');
  const { slug } = await createJamThroughApi(admin.request, {
    name: `Teams ${code} ${uniqueTag()}`,
    description: 'Teams end to end.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  await admin.context().close();
  const lead = await userPage(browser, `team_lead_${code}`);
  const response = await lead.request.post(`/api/jams/${slug}/entries`, {
    data: { url: `https://scratch.mit.edu/projects/${120100001 + index * 10}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { lead, slug, id, title: `Team Tower ${code}` };
}

const teamPanel = (page: Page, code: Code) => page.getByRole('region', { name: say(code, 'team.heading') });

async function invite(page: Page, code: Code, name: string) {
  const panel = teamPanel(page, code);
  await panel.getByLabel(say(code, 'team.nameLabel')).fill(name);
  await panel.getByRole('button', { name: say(code, 'team.invite'), exact: true }).click();
}

for (const { code, prefix, index } of LOCALES) {
  test(`a submitter invites co-creators, takes one invitation back, one accepts and one declines (${code})`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const { lead, slug, id, title } = await teamJam(browser, code, index);
    const entryPath = `${prefix}/jams/${slug}/entries/${id}`;
    const mateName = `team_mate_${code}`;
    const shyName = `team_shy_${code}`;

    // The submitter invites two people; one invitation is taken back, then sent again.
    await lead.goto(entryPath);
    await waitUntilSettled(lead);
    const panel = teamPanel(lead, code);
    await expect(panel.getByText(say(code, 'team.intro', { max: 4 }))).toBeVisible();
    await invite(lead, code, mateName);
    await expect(panel.getByRole('status')).toHaveText(say(code, 'team.invitedToast', { name: mateName }));
    await expect(panel.getByRole('listitem').filter({ hasText: mateName })).toContainText(say(code, 'team.pending'));
    await invite(lead, code, shyName);
    await expect(panel.getByRole('listitem').filter({ hasText: shyName })).toBeVisible();
    await panel.getByRole('button', { name: say(code, 'team.takeBackLabel', { name: shyName }) }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: shyName })).toHaveCount(0);
    await expect(panel.getByRole('status')).toHaveText(say(code, 'team.removed', { name: shyName }));

    // Taken back: nothing waits on the dashboard.
    const shy = await userPage(browser, shyName);
    await shy.goto(`${prefix}/dashboard`);
    await expect(shy.getByRole('heading', { name: say(code, 'invitations.heading') })).toHaveCount(0);
    await invite(lead, code, shyName);
    await expect(panel.getByRole('listitem').filter({ hasText: shyName })).toContainText(say(code, 'team.pending'));

    // One invitee accepts on their dashboard, reached from the inbox.
    const mate = await userPage(browser, mateName);
    await mate.goto(`${prefix}/dashboard`);
    await waitUntilSettled(mate);
    const invitations = mate.getByRole('region', { name: say(code, 'invitations.heading') });
    await expect(invitations.getByRole('link', { name: title })).toBeVisible();
    await expect(invitations).toContainText(say(code, 'invitations.by', { name: `team_lead_${code}` }));
    await invitations.getByRole('button', { name: say(code, 'invitations.acceptLabel', { entry: title }) }).click();
    await expect(mate.getByText(say(code, 'invitations.accepted', { entry: title }))).toBeVisible();
    await expect(mate.getByRole('region', { name: say(code, 'invitations.heading') })).toHaveCount(0);

    // Credited on the card and the page, linked to their profile; their own entry, so no vote for it.
    await mate.goto(`${prefix}/jams/${slug}#submissions`);
    await waitUntilSettled(mate);
    const card = mate.locator(`.entry[data-entry-id="${id}"]`);
    await expect(card.locator('.entry-author')).toContainText(`team_lead_${code}`);
    await expect(card.getByRole('link', { name: mateName })).toHaveAttribute('href', `${prefix}/users/${mateName}`);
    await expect(card.getByText(say(code, 'entry.ownEntry'), { exact: true })).toBeVisible();
    await mate.goto(entryPath);
    await waitUntilSettled(mate);
    await expect(mate.locator('.entry-author')).toContainText(`team_lead_${code}`);
    await expect(mate.locator('.entry-author').getByRole('link', { name: mateName })).toBeVisible();
    await expect(mate.getByText(say(code, 'entry.ownEntry'), { exact: true })).toBeVisible();
    const vote = await mate.request.put(`/api/jams/${slug}/entries/${id}/vote`);
    expect(vote.status()).toBe(403);
    expect(((await vote.json()) as { error: { message: string } }).error.message).toBe('You cannot upvote your own project.');

    // The other declines; the submitter's panel shows the team as it is.
    await shy.goto(`${prefix}/dashboard`);
    await waitUntilSettled(shy);
    await shy
      .getByRole('region', { name: say(code, 'invitations.heading') })
      .getByRole('button', { name: say(code, 'invitations.declineLabel', { entry: title }) })
      .click();
    await expect(shy.getByText(say(code, 'invitations.declined'))).toBeVisible();
    await lead.reload();
    await waitUntilSettled(lead);
    await expect(panel.getByRole('listitem').filter({ hasText: shyName })).toHaveCount(0);
    await expect(panel.getByRole('listitem').filter({ hasText: mateName })).toContainText(say(code, 'team.credited'));

    // One entry per person per jam: the co-creator cannot submit their own game, and someone who
    // entered cannot be invited.
    const solo = await mate.request.post(`/api/jams/${slug}/entries`, {
      data: { url: `https://scratch.mit.edu/projects/${120100002 + index * 10}` },
    });
    expect(solo.status()).toBe(409);
    expect(((await solo.json()) as { error: { message: string } }).error.message).toBe(
      'You are already credited as a co-creator of an entry in this jam. Everyone can be part of one entry per jam.',
    );
    const entrant = await userPage(browser, 'sprite_smith');
    const entered = await entrant.request.post(`/api/jams/${slug}/entries`, {
      data: { url: 'https://scratch.mit.edu/projects/900000101' },
    });
    expect(entered.status(), await entered.text()).toBe(201);
    await invite(lead, code, 'sprite_smith');
    await expect(panel.getByRole('alert')).toHaveText(
      'sprite_smith already has an entry in this jam. Everyone can be part of one entry per jam, so they can’t join this team.',
    );

    // A co-creator can leave the team.
    await mate.goto(entryPath);
    await waitUntilSettled(mate);
    await teamPanel(mate, code)
      .getByRole('button', { name: say(code, 'team.leave') })
      .click();
    await expect(mate.getByText(say(code, 'team.left'))).toBeVisible();
    await expect(mate.locator('.entry-author').getByRole('link', { name: mateName })).toHaveCount(0);
    for (const page of [lead, mate, shy, entrant]) await page.context().close();
  });
}
