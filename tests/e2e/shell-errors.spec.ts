import { expect, test } from './fixtures';

test('an unknown route shows the 404 screen with the spec text and a cat', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('This page could not be found');
  await expect(page.getByRole('img', { name: /A drawing of a cat/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Create an issue suggesting something/ })).toHaveAttribute('href', /issues\/new/);
  await expect(page.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: /Find the invisible cow/ })).toHaveAttribute(
    'href',
    'https://findtheinvisiblecow.com/',
  );
});

test('an unknown route under a locale shows the 404 screen in that language', async ({ page }) => {
  const response = await page.goto('/hu/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ez az oldal nem található');
  await expect(page.getByRole('link', { name: 'Vissza a kezdőlapra' })).toHaveAttribute('href', '/hu');
});

test('browse some cats shows a cat and a joke, another one never repeats, and a paw pun closes it', async ({ page }) => {
  await page.goto('/no-such-page');
  await page.getByRole('button', { name: 'Browse some cats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Some cats' });
  await expect(dialog).toBeVisible();
  const picture = dialog.getByRole('img');
  const quote = dialog.locator('blockquote');
  await expect(quote).not.toBeEmpty();

  const close = dialog.getByRole('button', { name: /^Paw-(don|down) me$/ });
  await expect(close).toBeVisible();

  for (let i = 0; i < 5; i++) {
    const before = { src: await picture.getAttribute('src'), joke: await quote.textContent() };
    await dialog.getByRole('button', { name: 'Another one' }).click();
    await expect(picture).not.toHaveAttribute('src', before.src!);
    await expect(quote).not.toHaveText(before.joke!);
  }

  await close.click();
  await expect(dialog).toBeHidden();
});

test('the close label of the cats modal is chosen at random between the two puns', async ({ page }) => {
  await page.goto('/no-such-page');
  const seen = new Set<string>();
  for (let i = 0; i < 30 && seen.size < 2; i++) {
    await page.getByRole('button', { name: 'Browse some cats' }).click();
    const close = page.getByRole('dialog').getByRole('button', { name: /^Paw-(don|down) me$/ });
    seen.add((await close.textContent())!);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  expect([...seen].sort()).toEqual(['Paw-don me', 'Paw-down me']);
});
