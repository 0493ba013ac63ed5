import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import type { EntryDto, EntryListDto } from '#lib/schemas/entries';
import { httpUrlOrNull } from '#lib/safe-url';
import { scratchProjectUrl } from '#lib/scratch-url';
import { EntryFlags } from './entries/EntryFlags';
import { EntryMenu } from './entries/EntryMenu';
import { PlayToggle } from './entries/PlayToggle';
import { Upvote } from './entries/Upvote';
import { TeamLine } from './entries/TeamLine';
import { LocalTime } from './ui/LocalTime';
import styles from './Entries.module.css';
import { renderedByReact } from '#lib/astro-renderer';
import { votingIsOpen } from '#lib/jam-timing';
import type { JudgingMode } from '#lib/judging';

interface Props {
  messages: IslandMessages;
  slug: string;
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
  list: EntryListDto;
  /** A ratings jam (ADR 039): stars are given on the entry's page; the card shows the first criterion's result. */
  judging?: JudgingMode;
  /** The community's choice once the jam has ended (most upvotes, the selected winner excluded). */
  communityChoiceId?: number | null;
  /** The address of an entry's own page, with `{id}` in place of its id. */
  entryHref: string;
  /** How many entries the jam has: a card's place says "of N" (issue 57). */
  entryCount?: number;
  /** Judged on the jam version (ADR 050): Play opens the entry's page at its player instead of Scratch's here. */
  judgeJamVersion?: boolean;
}

/**
 * One page of a jam's entries as ONE island: a grid of thumbnail cards rendered on the server
 * like any page, whose buttons (play, upvote, remove, winner) share one React root and one set
 * of messages.
 */
function Entries({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <ol className={`entries ${styles.grid}`}>
        {props.list.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} {...props} />
        ))}
      </ol>
    </IslandI18n>
  );
}

function Entry({
  entry,
  slug,
  startsAt,
  endsAt,
  votingEndsAt,
  list,
  judging = 'upvotes',
  communityChoiceId,
  entryHref,
  entryCount,
  judgeJamVersion = false,
}: Omit<Props, 'messages'> & { entry: EntryDto }) {
  const t = useT();
  const community = communityChoiceId === entry.id;
  const href = entryHref.replace('{id}', String(entry.id));
  const overall = entry.criteria?.[0];
  return (
    <li className={`entry card ${styles.entry}`} data-entry-id={entry.id} data-disqualified={entry.disqualified || undefined}>
      <PlayToggle
        slug={slug}
        entryId={entry.id}
        scratchId={entry.scratchId}
        title={entry.title}
        thumbnail={httpUrlOrNull(entry.thumbnailUrl)}
        seed={String(entry.id)}
        playHref={judgeJamVersion ? `${href}#play` : undefined}
      >
        {(entry.isWinner || community) && (
          <ul className={`chips ${styles.ribbons}`}>
            {entry.isWinner && (
              <li className="chip winner">
                <span aria-hidden="true">♛</span> <span>{t('entry.winner')}</span>
              </li>
            )}
            {community && (
              <li className="chip community">
                <span aria-hidden="true">♥</span> <span>{t('entry.communityChoice')}</span>
              </li>
            )}
          </ul>
        )}
      </PlayToggle>
      <EntryMenu slug={slug} entryId={entry.id} title={entry.title} isWinner={entry.isWinner} endsAt={endsAt} />
      <div className={`card-body ${styles.body}`}>
        <h3 className={`entry-title ${styles.title}`}>
          {list.resultsPublic && entry.rank !== null && <span className={`entry-rank ${styles.rank}`}>#{entry.rank} </span>}
          {list.resultsPublic && entry.rank !== null && entryCount ? (
            <span className={styles.rankOf}>{t('place.of', { total: entryCount })} </span>
          ) : null}
          <a className={`entry-link ${styles.titleLink}`} href={href}>
            {entry.title}
          </a>
        </h3>
        <TeamLine authorName={entry.authorName} coCreators={entry.coCreators} />
        <EntryFlags flags={entry.flags} disqualified={entry.disqualified} />
        <p className={`entry-meta ${styles.meta}`}>
          {t('entry.submitted')} <LocalTime iso={entry.submittedAt} />
        </p>
        <div className={`entry-actions ${styles.actions}`}>
          {list.resultsPublic && overall && (
            <span className={`entry-stars chip ${styles.votes}`}>
              {overall.place === null
                ? t('rating.notEnough')
                : `★ ${(overall.average ?? 0).toFixed(1)} · ${t('rating.count', { count: overall.ratings })}`}
            </span>
          )}
          {list.resultsPublic && judging === 'upvotes' && (
            <span className={`entry-votes chip ${styles.votes}`}>
              <span aria-hidden="true">▲</span> {t('entry.votes', { count: entry.votes ?? 0 })}
            </span>
          )}
          {entry.plays !== null && (
            <span className={`entry-plays chip ${styles.plays}`}>
              <span aria-hidden="true">▶</span> {t('entry.plays', { count: entry.plays })}
            </span>
          )}
          {entry.kudos !== null && entry.kudos > 0 && (
            <span className={`entry-kudos chip ${styles.plays}`}>
              <span aria-hidden="true">✦</span> {t('kudos.count', { count: entry.kudos })}
            </span>
          )}
          {judging === 'ratings' ? (
            votingIsOpen({ startsAt, endsAt, votingEndsAt }) && (
              <a className="button primary entry-rate" href={href}>
                <span aria-hidden="true">★</span> {t('rating.rate')}
              </a>
            )
          ) : (
            <Upvote slug={slug} entryId={entry.id} startsAt={startsAt} endsAt={endsAt} votingEndsAt={votingEndsAt} />
          )}
          <a
            className={`button ghost ${styles.scratchLink}`}
            href={scratchProjectUrl(entry.scratchId)}
            rel="noopener"
            target="_blank"
          >
            {t('entry.viewOnScratch')} <span aria-hidden="true">↗</span>
          </a>
        </div>
      </div>
    </li>
  );
}

export default renderedByReact(Entries);
