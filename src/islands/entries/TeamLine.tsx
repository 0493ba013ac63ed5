import { useLanguage, useT } from '#i18n/react';
import { userHref } from '#i18n/paths';
import { isLocaleCode } from '#i18n/codes';
import { avatarPath } from '#lib/avatars';
import { listParts } from '#lib/name-list';
import type { CoCreatorDto } from '#lib/schemas/teams';
import Avatar from '#components/ui/Avatar.tsx';
import styles from '#islands/Entries.module.css';

interface Props {
  authorName: string;
  coCreators: CoCreatorDto[];
}

/**
 * A card's "by" line: the submitter, then (issue 35) everyone credited, "A, B and C" in the reader's
 * language, each with their picture and a link to their profile.
 */
export function TeamLine({ authorName, coCreators }: Props) {
  const t = useT();
  const language = useLanguage();
  const locale = isLocaleCode(language) ? language : 'en';
  if (coCreators.length === 0) {
    return (
      <p className={`entry-author ${styles.author}`}>
        <Avatar username={authorName} src={avatarPath(authorName)} size="1.75rem" />{' '}
        <a className={`user-link ${styles.authorLink}`} href={userHref(locale, authorName)}>
          {authorName}
        </a>
      </p>
    );
  }
  const people = [{ name: authorName, avatar: avatarPath(authorName) }, ...coCreators];
  return (
    <p className={`entry-author ${styles.author} ${styles.team}`}>
      <span className="visually-hidden">{t('entry.team.label')}: </span>
      {listParts(locale, people.length).map((part, index) => {
        if (typeof part === 'string') return <span key={`w${index}`}>{part}</span>;
        const person = people[part]!;
        return (
          <span key={person.name} className={styles.teamMember}>
            <Avatar username={person.name} src={person.avatar} size="1.75rem" />{' '}
            <a
              className={part === 0 ? `user-link ${styles.authorLink}` : 'entry-co-creator'}
              href={userHref(locale, person.name)}
            >
              {person.name}
            </a>
          </span>
        );
      })}
    </p>
  );
}
