/** The credits on /about: the prerendered page asks /api/contributors when it is shown. */
import { useEffect, useState } from 'react';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import Avatar from '#components/ui/Avatar.tsx';
import styles from './Contributors.module.css';
import { Spinner } from './ui/Spinner';

interface Contributor {
  name: string;
  avatarUrl: string;
  profileUrl: string;
  contributions: number;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; contributors: Contributor[] };

export default translated(List);

function List() {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    api<{ contributors: Contributor[] }>('/contributors')
      .then(({ contributors }) => setState({ status: 'loaded', contributors }))
      .catch(() => setState({ status: 'failed' }));
  }, []);

  if (state.status === 'loading') return <Spinner message={t('about.contributorsLoading')} />;
  if (state.status === 'failed')
    return (
      <p role="status" className="notice">
        {t('about.contributorsFailed')}
      </p>
    );
  if (state.contributors.length === 0) return <p>{t('about.contributorsEmpty')}</p>;
  return (
    <ul className={styles.list}>
      {state.contributors.map((person) => (
        <li key={person.name}>
          <a className={styles.person} href={person.profileUrl || undefined}>
            <Avatar username={person.name} src={person.avatarUrl || null} size="2.5rem" />
            <span className={styles.name}>{person.name}</span>{' '}
            <span className={styles.count}>{t('about.contributions', { count: person.contributions })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
