/**
 * The logged-in part of the navigation bar (spec §2 Layout, §6): the page HTML is the same for
 * everyone, so this island asks the session store and shows Log in, or the Create menu, the
 * profile link (avatar + username) and Log out.
 */
import { avatarPath } from '#lib/avatars';
import { useIslandStore } from './ui/use-island-store';
import { useEffect } from 'react';
import type { LocaleCode } from '#i18n/codes';
import { localizePath } from '#i18n/paths';
import { translated, useT } from '#i18n/react';
import { pushNotification } from '#stores/notifications';
import { $session, UNKNOWN_SESSION, loadSession, logout } from '#stores/session';
import styles from './NavSession.module.css';
import { Dropdown } from './ui/Dropdown';
import Avatar from '#components/ui/Avatar.tsx';

export default translated(Session);

function Session({ locale }: { locale: LocaleCode }) {
  const t = useT();
  const { status, user } = useIslandStore($session, UNKNOWN_SESSION);
  useEffect(() => void loadSession(), []);

  if (status === 'unknown') return <div className={styles.session} aria-busy="true" />;
  if (status === 'anonymous' || !user) {
    return (
      <div className={styles.session} data-session="anonymous">
        <a className="button primary" href={localizePath(locale, '/login')}>
          {t('nav.login')}
        </a>
      </div>
    );
  }

  const signOut = () =>
    logout({ homePath: localizePath(locale, '/'), message: t('session.loggedOut') }).catch((error: unknown) =>
      pushNotification({ type: 'error', content: { message: error instanceof Error ? error.message : String(error) } }),
    );

  return (
    // data-session lets cached pages show what is only for visitors or administrators (CSS :has()).
    <div className={styles.session} data-session={user.isAdmin ? 'admin' : 'user'}>
      {/* Only administrators create jams (spec §1); everyone else asks them for one. */}
      <Dropdown
        label={t('nav.create')}
        items={[
          user.isAdmin
            ? { label: t('nav.createJam'), href: localizePath(locale, '/jams/new') }
            : { label: t('nav.requestJam'), href: localizePath(locale, '/jams/request') },
        ]}
      />
      <a className={styles.profile} href={localizePath(locale, '/dashboard')}>
        <Avatar username={user.name} src={avatarPath(user.name)} size="1.75rem" />
        <span>{user.name}</span>
      </a>
      <button type="button" className="button" onClick={signOut}>
        {t('nav.logout')}
      </button>
    </div>
  );
}
