import { useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import type { JudgeInvitationDto } from '#lib/schemas/judges';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import { renderedByReact } from '#lib/astro-renderer';
import styles from './JudgeInvitations.module.css';
import { reportFailure } from '#client/report-failure';

interface Props {
  messages: IslandMessages;
  invitations: JudgeInvitationDto[];
  /** The address of a jam's page, with `{slug}` in place. */
  jamHref: string;
}

/** The dashboard's invitations to judge a jam (ADR 040): the jam, who invited you, Accept / Decline. */
function JudgeInvitations({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <List {...props} />
    </IslandI18n>
  );
}

function List({ invitations, jamHref }: Omit<Props, 'messages'>) {
  const t = useT();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(invitation: JudgeInvitationDto, accept: boolean) {
    setBusy(invitation.jam.slug);
    try {
      await api(`/me/judge-invitations/${encodeURIComponent(invitation.jam.slug)}`, { method: accept ? 'PUT' : 'DELETE' });
      reloadWithToast(accept ? t('judgeInvitations.accepted', { jam: invitation.jam.name }) : t('judgeInvitations.declined'));
    } catch (error) {
      setBusy(null);
      reportFailure(t('judgeInvitations.failed'), error, { reason: 'api', quiet: true });
    }
  }

  return (
    <ul className="card-list">
      {invitations.map((invitation) => (
        <li key={invitation.jam.slug} className={`judge-invitation card ${styles.item}`}>
          <div className={styles.text}>
            <a className={styles.title} href={jamHref.replace('{slug}', encodeURIComponent(invitation.jam.slug))}>
              {t('judgeInvitations.judge', { jam: invitation.jam.name })}
            </a>
            {invitation.invitedBy && (
              <span className={styles.meta}>{t('judgeInvitations.by', { name: invitation.invitedBy })}</span>
            )}
          </div>
          <div className={styles.buttons}>
            <button
              type="button"
              className="button primary"
              disabled={!hydrated || busy !== null}
              aria-busy={busy === invitation.jam.slug || undefined}
              aria-label={t('judgeInvitations.acceptLabel', { jam: invitation.jam.name })}
              onClick={() => void answer(invitation, true)}
            >
              {t('judgeInvitations.accept')}
            </button>
            <button
              type="button"
              className="button ghost"
              disabled={!hydrated || busy !== null}
              aria-label={t('judgeInvitations.declineLabel', { jam: invitation.jam.name })}
              onClick={() => void answer(invitation, false)}
            >
              {t('judgeInvitations.decline')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default renderedByReact(JudgeInvitations);
