import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const PAGES = ['/', '/about', '/explore', '/no-such-page'];
const THEMES = ['light', 'dark', 'flame'] as const;

for (const theme of THEMES) {
  for (const path of PAGES) {
    test(`axe finds no WCAG 2 A/AA violations on ${path} in ${theme}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), theme);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });
  }
}
