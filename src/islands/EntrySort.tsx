import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { renderedByReact } from '#lib/astro-renderer';
import { entryListHref } from '#lib/entry-list-url';
import type { EntrySort as Sort } from '#lib/schemas/entries';
import { visitorSeed } from './entries/visitor-seed';
import { useHydrated } from './ui/use-hydrated';
import styles from './EntrySort.module.css';

interface Props {
  messages: IslandMessages;
  /** The jam page's path (without query). */
  path: string;
  /** The order the list is in now. */
  sort: Sort;
  resultsPublic: boolean;
  /** The search the list answers, kept by every order's link. */
  q?: string | null;
}

/** The orders a list offers: the ranking once the results are public, first, as the default. */
const sortsFor = (resultsPublic: boolean): Sort[] =>
  resultsPublic
    ? ['most-votes', 'fewest-plays', 'newest', 'random', 'submitted']
    : ['submitted', 'fewest-plays', 'newest', 'random'];

/**
 * The submissions' orders as plain links (they work before and without JavaScript, and keep
 * `#submissions`). Once hydrated, "Random" carries this visitor's own seed, made once and kept, so
 * it is the same order for them every time and page after page.
 */
function EntrySort({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <SortLinks {...props} />
    </IslandI18n>
  );
}

function SortLinks({ path, sort, resultsPublic, q = null }: Omit<Props, 'messages'>) {
  const t = useT();
  // The server knows no visitor: its "Random" has no seed until this browser's own is read (or made).
  const seed = useHydrated() ? visitorSeed() : null;
  return (
    <nav className={styles.sorts} aria-labelledby="entry-sort-label">
      <span id="entry-sort-label" className={styles.label}>
        {t('entrySort.label')}
      </span>
      <ul className={styles.list}>
        {sortsFor(resultsPublic).map((option) => (
          <li key={option}>
            <a
              className={styles.link}
              href={entryListHref(path, { sort: option, seed: option === 'random' ? seed : null, page: 1, q }, resultsPublic)}
              aria-current={option === sort ? 'true' : undefined}
              data-sort={option}
            >
              {t(`entrySort.${option}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default renderedByReact(EntrySort);
