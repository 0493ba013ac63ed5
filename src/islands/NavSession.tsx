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
import { $session, UNKNOWN_SESSION, loadSession, logout } from '#stores/session';
import { $unread, watchUnread } from '#stores/inbox';
import styles from './NavSession.module.css';
import { Dropdown } from './ui/Dropdown';
import Avatar from '#components/ui/Avatar.tsx';
import { reportFailure } from '#client/report-failure';

export default translated(Session);

function Session({ locale }: { locale: LocaleCode }) {
  const t = useT();
  const { status, user } = useIslandStore($session, UNKNOWN_SESSION);
  useEffect(() => void loadSession(), []);
  const unread = useIslandStore($unread, null);
  const loggedIn = status === 'authenticated' && user !== null;
  useEffect(() => (loggedIn ? watchUnread() : undefined), [loggedIn]);

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
      reportFailure(null, error, { quiet: true }),
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
      <Bell href={localizePath(locale, '/notifications')} unread={unread} />
      <a className={styles.profile} href={localizePath(locale, '/dashboard')}>
        <Avatar username={user.name} src={avatarPath(user.name)} size="1.75rem" />
        <span className={styles.name}>{user.name}</span>
      </a>
      <button type="button" className="button" onClick={signOut}>
        {t('nav.logout')}
      </button>
    </div>
  );
}

/** The bell: a link to the inbox, its unread number as a badge (and in its name for screen readers). */
function Bell({ href, unread }: { href: string; unread: number | null }) {
  const t = useT();
  const count = unread ?? 0;
  const label = count > 0 ? t('inbox.bellUnread', { count }) : t('inbox.bell');
  return (
    <a className={styles.bell} href={href} aria-label={label} title={label} data-unread={count}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a1.5 1.5 0 0 0-1.5 1.5v.6A6.5 6.5 0 0 0 5.5 10.5V15l-1.7 2.6A1 1 0 0 0 4.6 19h14.8a1 1 0 0 0 .8-1.4L18.5 15v-4.5a6.5 6.5 0 0 0-5-6.4v-.6A1.5 1.5 0 0 0 12 2Zm-2.5 18a2.5 2.5 0 0 0 5 0h-5Z"
        />
      </svg>
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
