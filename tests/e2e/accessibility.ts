/**
 * The accessibility audit of the end-to-end tests: axe with the WCAG 2.0 and 2.1 A and AA rules.
 * A colour mode changes colours only (the same document, roles, names and order), so a page audited in
 * full in light needs only the rules about colour in dark and flame.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The WCAG rules of axe whose outcome depends on the colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Each violation as "rule: the elements", for an assertion that shows what is wrong. */
export async function accessibilityViolations(
  page: Page,
  {
    mode = 'light',
    include,
    frames = true,
  }: {
    mode?: string;
    /** Only this part of the page (a selector). */
    include?: string;
    /** `false`: not the frames in it (Scratch's player, unreachable here, is not ours to audit). */
    frames?: boolean;
  } = {},
): Promise<string[]> {
  let audit = new AxeBuilder({ page }).options({ iframes: frames });
  if (include) audit = audit.include(include);
  const results = await (mode === 'light' ? audit.withTags(WCAG_TAGS) : audit.withRules(COLOUR_RULES)).analyze();
  return results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
