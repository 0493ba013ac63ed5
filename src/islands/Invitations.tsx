import { useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { httpUrlOrNull } from '#lib/safe-url';
import type { InvitationDto } from '#lib/schemas/teams';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import styles from './Invitations.module.css';
import { renderedByReact } from '#lib/astro-renderer';
import { reportFailure } from '#client/report-failure';

interface Props {
  messages: IslandMessages;
  invitations: InvitationDto[];
  /** The address of an entry's page, with `{slug}` and `{id}` in place. */
  entryHref: string;
}

/** The dashboard's team invitations (issue 35 §1): each entry, its jam, who invited you, Accept / Decline. */
function Invitations({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <List {...props} />
    </IslandI18n>
  );
}

function List({ invitations, entryHref }: Omit<Props, 'messages'>) {
  const t = useT();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<number | null>(null);

  async function answer(invitation: InvitationDto, accept: boolean) {
    setBusy(invitation.entryId);
    try {
      await api(`/me/invitations/${invitation.entryId}`, { method: accept ? 'PUT' : 'DELETE' });
      reloadWithToast(accept ? t('invitations.accepted', { entry: invitation.entryTitle }) : t('invitations.declined'));
    } catch (error) {
      setBusy(null);
      reportFailure(t('invitations.failed'), error, { reason: 'api', quiet: true });
    }
  }

  return (
    <ul className="card-list">
      {invitations.map((invitation) => {
        const thumbnail = httpUrlOrNull(invitation.thumbnailUrl);
        return (
          <li key={invitation.entryId} className={`invitation card ${styles.item}`}>
            <span className={styles.thumb} aria-hidden="true">
              {thumbnail && <img src={thumbnail} alt="" loading="lazy" decoding="async" suppressHydrationWarning />}
            </span>
            <div className={styles.text}>
              <a
                className={styles.title}
                href={entryHref
                  .replace('{slug}', encodeURIComponent(invitation.jam.slug))
                  .replace('{id}', String(invitation.entryId))}
              >
                {invitation.entryTitle}
              </a>
              <span className={styles.meta}>{t('invitations.inJam', { jam: invitation.jam.name })}</span>
              {invitation.invitedBy && <span className={styles.meta}>{t('invitations.by', { name: invitation.invitedBy })}</span>}
            </div>
            <div className={styles.buttons}>
              <button
                type="button"
                className="button primary"
                disabled={!hydrated || busy !== null}
                aria-busy={busy === invitation.entryId || undefined}
                aria-label={t('invitations.acceptLabel', { entry: invitation.entryTitle })}
                onClick={() => void answer(invitation, true)}
              >
                {t('invitations.accept')}
              </button>
              <button
                type="button"
                className="button ghost"
                disabled={!hydrated || busy !== null}
                aria-label={t('invitations.declineLabel', { entry: invitation.entryTitle })}
                onClick={() => void answer(invitation, false)}
              >
                {t('invitations.decline')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export default renderedByReact(Invitations);
