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

interface Props {
  messages: IslandMessages;
  slug: string;
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
  list: EntryListDto;
  /** The community's choice once the jam has ended (most upvotes, the selected winner excluded). */
  communityChoiceId?: number | null;
  /** The address of an entry's own page, with `{id}` in place of its id. */
  entryHref: string;
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
  communityChoiceId,
  entryHref,
}: Omit<Props, 'messages'> & { entry: EntryDto }) {
  const t = useT();
  const community = communityChoiceId === entry.id;
  return (
    <li className={`entry card ${styles.entry}`} data-entry-id={entry.id} data-disqualified={entry.disqualified || undefined}>
      <PlayToggle
        slug={slug}
        entryId={entry.id}
        scratchId={entry.scratchId}
        title={entry.title}
        thumbnail={httpUrlOrNull(entry.thumbnailUrl)}
        seed={String(entry.id)}
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
          <a className={`entry-link ${styles.titleLink}`} href={entryHref.replace('{id}', String(entry.id))}>
            {entry.title}
          </a>
        </h3>
        <TeamLine authorName={entry.authorName} coCreators={entry.coCreators} />
        <EntryFlags flags={entry.flags} disqualified={entry.disqualified} />
        <p className={`entry-meta ${styles.meta}`}>
          {t('entry.submitted')} <LocalTime iso={entry.submittedAt} />
        </p>
        <div className={`entry-actions ${styles.actions}`}>
          {list.resultsPublic && (
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
          <Upvote slug={slug} entryId={entry.id} startsAt={startsAt} endsAt={endsAt} votingEndsAt={votingEndsAt} />
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
