import { type SubmitEvent, useEffect, useId, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useLanguage, useT } from '#i18n/react';
import { isLocaleCode } from '#i18n/codes';
import { localizePath } from '#i18n/paths';
import { ApiError, api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import type { TeamMemberDto, TeamDto } from '#lib/schemas/teams';
import { loadEntryViewer } from '#stores/page-viewer';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import Avatar from '#components/ui/Avatar.tsx';
import { useIslandStore } from './ui/use-island-store';
import styles from './TeamPanel.module.css';
import { renderedByReact } from '#lib/astro-renderer';

interface Props {
  messages: IslandMessages;
  slug: string;
  entryId: number;
}

/**
 * The entry page's "Team" panel (issue 35 §1), for the people an entry belongs to and the jam's
 * managers: the submitter invites co-creators by Scratch username and takes invitations back or
 * removes someone; a co-creator can leave; an invitee is pointed to their dashboard. Visitors and
 * everyone else see nothing here (the credited names are in the author line).
 */
function TeamPanel({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <Team {...props} />
    </IslandI18n>
  );
}

function Team({ slug, entryId }: Omit<Props, 'messages'>) {
  const t = useT();
  const language = useLanguage();
  const locale = isLocaleCode(language) ? language : 'en';
  const id = useId();
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const [team, setTeam] = useState<TeamDto | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `/jams/${encodeURIComponent(slug)}/entries/${entryId}/credits`;

  useEffect(() => {
    void loadSession().then(async () => {
      if ($session.get().status !== 'authenticated') return;
      try {
        // The page's viewer document has it (ADR 034); elsewhere, the API.
        const mine = (await loadEntryViewer(slug, entryId).catch(() => null))?.credits;
        setTeam(mine ?? (await api<TeamDto>(base)));
      } catch {
        // Nothing to show: the panel stays away.
      }
    });
  }, [slug, entryId, base]);

  if (!team || session.status !== 'authenticated' || team.role === 'none') return null;
  if (team.role === 'invited') {
    return (
      <p className={`team-invited ${styles.invited}`}>
        <a href={`${localizePath(locale, '/dashboard')}#invitations`}>{t('team.invitedYou')}</a>
      </p>
    );
  }

  const submitter = team.role === 'submitter';
  const full = team.credits.length >= team.max;
  const headingId = `${id}-heading`;

  async function invite(event: SubmitEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const before = team?.credits.length ?? 0;
      const next = await api<TeamDto>(base, { method: 'POST', body: { name } });
      setTeam(next);
      const invited = next.credits.find((credit) => credit.name.toLowerCase() === name.trim().toLowerCase())?.name ?? name;
      setStatus(
        next.credits.length > before ? t('team.invitedToast', { name: invited }) : t('team.alreadyInvited', { name: invited }),
      );
      setName('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('team.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function takeOff(credit: TeamMemberDto) {
    setError(null);
    setBusy(true);
    const self = credit.name.toLowerCase() === session.user?.name.toLowerCase();
    try {
      const next = await api<TeamDto>(`${base}/${encodeURIComponent(credit.name)}`, { method: 'DELETE' });
      // A credited name leaves the author line too: reload the (cached) page to show it.
      if (credit.status === 'accepted') {
        reloadWithToast(self ? t('team.left') : t('team.removed', { name: credit.name }));
        return;
      }
      setTeam(next);
      setStatus(t('team.removed', { name: credit.name }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('team.failed'));
    } finally {
      setBusy(false);
    }
  }

  function action(credit: TeamMemberDto) {
    const self = credit.name.toLowerCase() === session.user?.name.toLowerCase();
    if (self) {
      return (
        <button
          type="button"
          className={`button ghost small ${styles.action}`}
          disabled={busy}
          onClick={() => void takeOff(credit)}
        >
          {t('team.leave')}
        </button>
      );
    }
    const pending = credit.status === 'invited';
    const may = team!.role === 'manager' || (submitter && (pending || team!.open));
    if (!may) return null;
    return (
      <button
        type="button"
        className={`button ghost small ${styles.action}`}
        disabled={busy}
        aria-label={pending ? t('team.takeBackLabel', { name: credit.name }) : t('team.removeLabel', { name: credit.name })}
        onClick={() => void takeOff(credit)}
      >
        {pending ? t('team.takeBack') : t('team.remove')}
      </button>
    );
  }

  return (
    <section className={`team-panel ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('team.heading')}
      </h2>
      <p className={styles.intro}>{submitter && team.open ? t('team.intro', { max: team.max }) : t('team.introReadOnly')}</p>
      <ul className={`card-list ${styles.members}`}>
        <li className={styles.member}>
          <Avatar username={team.submitter.name} src={team.submitter.avatar} size="2rem" />
          <span className={styles.who}>
            <span className={styles.name}>{team.submitter.name}</span>
            <span className={styles.role}>{t('team.submitter')}</span>
          </span>
        </li>
        {team.credits.map((credit) => (
          <li key={credit.name} className={styles.member} data-status={credit.status}>
            <Avatar username={credit.name} src={credit.avatar} size="2rem" />
            <span className={styles.who}>
              <a className={styles.name} href={localizePath(locale, `/users/${encodeURIComponent(credit.name)}`)}>
                {credit.name}
              </a>
              <span className={credit.status === 'invited' ? `${styles.role} ${styles.pending}` : styles.role}>
                {credit.status === 'invited' ? t('team.pending') : t('team.credited')}
              </span>
            </span>
            {action(credit)}
          </li>
        ))}
      </ul>
      {submitter && !team.open && <p className={styles.note}>{t('team.settled')}</p>}
      {submitter && team.open && full && <p className={styles.note}>{t('team.full', { max: team.max })}</p>}
      {submitter && team.open && !full && (
        <form className={styles.form} onSubmit={(event) => void invite(event)} noValidate>
          <label htmlFor={`${id}-name`} className={styles.label}>
            {t('team.nameLabel')}
          </label>
          <div className={styles.row}>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              required
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <button type="submit" className="button primary" disabled={busy || name.trim() === ''} aria-busy={busy || undefined}>
              {t('team.invite')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} className={`form-error ${styles.error}`} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

export default renderedByReact(TeamPanel);
