import { expect, expectConsoleErrors, test } from './fixtures';

const ROUTES = ['/', '/about', '/explore', '/developers', '/faq', '/terms', '/privacy', '/login'];
const LOCALES = [
  { prefix: '', lang: 'en' },
  { prefix: '/hu', lang: 'hu' },
  { prefix: '/ir', lang: 'ga' },
];

for (const { prefix, lang } of LOCALES) {
  test(`every shell route answers 200 in ${lang} with lang="${lang}"`, async ({ page }) => {
    for (const route of ROUTES) {
      const url = prefix && route === '/' ? prefix : `${prefix}${route}`;
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.locator('html'), url).toHaveAttribute('lang', lang);
      await expect(page.getByRole('navigation', { name: /./ }).first()).toBeVisible();
    }
  });
}

test('navigation links carry the current locale prefix', async ({ page }) => {
  await page.goto('/hu/about');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Felfedezés' })).toHaveAttribute('href', '/hu/explore');
  await expect(nav.getByRole('link', { name: 'Fejlesztőknek' })).toHaveAttribute('href', '/hu/developers');
  await expect(nav.getByRole('link', { name: 'Rólunk' })).toHaveAttribute('aria-current', 'page');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'GYIK' })).toHaveAttribute('href', '/hu/faq');
  await expect(footer.getByRole('link', { name: 'Adatvédelem' })).toHaveAttribute('href', '/hu/privacy');
});

test('the footer shows the disclaimer and each language with its ISO code and completeness', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('unaffiliated with the Scratch Team');
  await expect(footer).toContainText('open source');
  const languages = footer.getByRole('navigation', { name: 'Language' });
  await expect(languages.getByRole('link', { name: /English \(en-GB\)/ })).toBeVisible();
  await expect(languages.getByRole('link', { name: /English/ })).not.toContainText('[TRANSLATION INCOMPLETE]');
  await expect(languages.getByRole('link', { name: /Magyar \(hu-HU\)/ })).toBeVisible();
  await expect(languages.getByRole('link', { name: /Gaeilge \(ir-IR\)/ })).toBeVisible();
});

test('the footer links the three source-code repositories, each labelled, and the feedback page', async ({ page }) => {
  for (const path of ['/explore', '/about']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    const sources = footer.getByRole('link', { name: /^Source code/ });
    await expect(sources, path).toHaveCount(3);
    await expect(footer.getByRole('link', { name: /^Source code of this site/ })).toHaveAttribute(
      'href',
      'https://github.com/itinerary-jams/itinerary',
    );
    await expect(footer.getByRole('link', { name: /^Source code of the earlier Itinerary: front end/ })).toHaveAttribute(
      'href',
      'https://github.com/Looky1173/Itinerary',
    );
    await expect(footer.getByRole('link', { name: /^Source code of the earlier Itinerary: server/ })).toHaveAttribute(
      'href',
      'https://github.com/Looky1173/Itinerary-Server',
    );
    for (const link of await sources.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toContainText('opens in a new tab');
    }
    await expect(footer.getByRole('link', { name: /^Feedback/ })).toHaveAttribute(
      'href',
      'https://github.com/itinerary-jams/itinerary/discussions',
    );
  }
  await page.goto('/hu/explore');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: /^A korábbi Itinerary forráskódja: szerver/ }),
  ).toBeVisible();
});

test('the about page lists the contributors fetched from the code host', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('heading', { name: 'Credits' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: /pixel_pioneer/ })).toBeVisible();
  await expect(page.getByText('42 contributions')).toBeVisible();
});

test('the about page says when the contributors could not be fetched', async ({ page }) => {
  expectConsoleErrors(page, /status of 502 .*\/api\/contributors/);
  await page.route('**/api/contributors', (route) =>
    route.fulfill({ status: 502, json: { error: { status: 502, code: 'upstream_unavailable', message: 'x' } } }),
  );
  await page.goto('/about');
  await page.getByRole('heading', { name: 'Credits' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('The list of contributors could not be fetched.')).toBeVisible();
});
