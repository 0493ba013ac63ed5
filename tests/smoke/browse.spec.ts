import { ADMIN, MINUTE, createJam, expect, submitEntry, test, unique, userPage } from './fixtures';

const LOCALES = [
  {
    prefix: '',
    lang: 'en',
    featured: 'Featured game jams',
    explore: 'Explore',
    endingIn: 'Ending in',
    submissions: 'Submissions (1)',
  },
  {
    prefix: '/hu',
    lang: 'hu',
    featured: 'Kiemelt versenyek',
    explore: 'Felfedezés',
    endingIn: 'Befejezésig',
    submissions: 'Nevezések (1)',
  },
  {
    prefix: '/ir',
    lang: 'ga',
    featured: 'Comórtais faoi thrácht',
    explore: 'Taiscéal',
    endingIn: 'Ag críochnú i gceann',
    submissions: 'Iontrálacha (1)',
  },
];

for (const locale of LOCALES) {
  test(`a visitor browses the home page, explore, a jam and an entry (${locale.prefix || '/'})`, async ({ page, browser }) => {
    // A featured, ongoing jam with one entry (Orbit Runner by sprite_smith).
    const admin = await userPage(browser, ADMIN);
    const jam = await createJam(admin.request, {
      name: unique(`Smoke Browse ${locale.lang}`),
      description: 'Browsing the site on every target.',
      body: '## Theme\n\nEverything **orbits**.',
      startsAt: new Date(Date.now() - MINUTE),
      endsAt: new Date(Date.now() + 60 * MINUTE),
    });
    expect((await admin.request.put(`/api/jams/${jam.slug}/featured`, { data: { featured: true } })).status()).toBe(200);
    await admin.context().close();
    const author = await userPage(browser, 'sprite_smith');
    const entry = await submitEntry(author, jam.slug, 900000101);
    await author.context().close();

    // Home: the jam is among the featured ones.
    await page.goto(locale.prefix || '/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);
    await expect(page.getByRole('region', { name: locale.featured }).getByRole('link', { name: jam.name })).toBeVisible();

    // Explore finds it by name.
    await page.goto(`${locale.prefix}/explore?q=${encodeURIComponent(jam.name)}`);
    await expect(page.getByRole('heading', { level: 1, name: locale.explore })).toBeVisible();
    await page.getByRole('link', { name: jam.name }).click();

    // The jam page.
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/jams/${jam.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: jam.name })).toBeVisible();
    await expect(page.getByText('Browsing the site on every target.').first()).toBeVisible();
    await expect(page.locator('#about strong')).toHaveText('orbits');
    await expect(page.locator('.jam-header .countdown')).toContainText(locale.endingIn);

    // Its entry.
    await page.getByRole('tab', { name: locale.submissions }).click();
    await page.getByRole('link', { name: 'Orbit Runner' }).click();
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/jams/${jam.slug}/entries/${entry.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Orbit Runner' })).toBeVisible();
    await expect(page.locator('iframe.scratch-player')).toHaveAttribute(
      'src',
      'https://scratch.mit.edu/projects/900000101/embed',
    );
    await expect(page.getByText('Arrow keys to steer, space to boost.')).toBeVisible();
  });
}
