import type { IslandMessages } from '../i18n/island';
import { IslandI18n, useT } from '../i18n/react';
import type { EntryDto, EntryListDto } from '../lib/schemas/entries';
import { httpUrlOrNull } from '../lib/safe-url';
import { scratchProjectUrl } from '../lib/scratch-url';
import { EntryMenu } from './entries/EntryMenu';
import { PlayToggle } from './entries/PlayToggle';
import { Upvote } from './entries/Upvote';
import { LocalTime } from './ui/LocalTime';

interface Props {
  messages: IslandMessages;
  slug: string;
  startsAt: string;
  endsAt: string;
  list: EntryListDto;
}

/**
 * One page of a jam's entries as ONE island: the list is rendered on the server like any page,
 * and its buttons (play, upvote, remove, winner) share one React root and one set of messages.
 */
export default function Entries({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <ol className="entries">
        {props.list.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} {...props} />
        ))}
      </ol>
    </IslandI18n>
  );
}

function Entry({ entry, slug, startsAt, endsAt, list }: Omit<Props, 'messages'> & { entry: EntryDto }) {
  const t = useT();
  const thumbnail = httpUrlOrNull(entry.thumbnailUrl);
  return (
    <li className="entry" data-entry-id={entry.id}>
      {thumbnail && <img className="entry-thumbnail" src={thumbnail} alt="" loading="lazy" width={240} height={180} />}
      <div className="entry-body">
        <h3 className="entry-title">
          {list.resultsPublic && <span className="entry-rank">#{entry.rank} </span>}
          {entry.title}
        </h3>
        <p className="entry-author">
          <img className="avatar" src={`/api/user/${encodeURIComponent(entry.authorName)}/picture`} alt="" width={24} height={24} loading="lazy" />
          {entry.authorName}
        </p>
        <p className="entry-meta">
          {t('entry.submitted')} <LocalTime iso={entry.submittedAt} />
          {list.resultsPublic && <span className="entry-votes">{t('entry.votes', { count: entry.votes ?? 0 })}</span>}
          {entry.isWinner && <span className="badge winner">{t('entry.winner')}</span>}
        </p>
        <div className="entry-actions">
          <PlayToggle scratchId={entry.scratchId} title={entry.title} />
          <a className="button" href={scratchProjectUrl(entry.scratchId)} rel="noopener" target="_blank">
            {t('entry.viewOnScratch')}
          </a>
          <Upvote slug={slug} entryId={entry.id} authorName={entry.authorName} startsAt={startsAt} endsAt={endsAt} />
          <EntryMenu slug={slug} entryId={entry.id} title={entry.title} authorName={entry.authorName} isWinner={entry.isWinner} endsAt={endsAt} />
        </div>
      </div>
    </li>
  );
}
