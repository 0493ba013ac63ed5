/**
 * The dashboard's invitations, whatever they invite to (a team, ADR 028; judging a jam, ADR 040):
 * each with its link, a line or two about it and Accept / Decline. The island that uses it says
 * what each invitation is and how it is answered; the list keeps one answer at a time, reloads the
 * dashboard with a toast once answered and reports a failure.
 */
import { useState } from 'react';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import { useHydrated } from './use-hydrated';
import styles from './InvitationList.module.css';

export interface Invitation {
  key: string;
  /** The class the end-to-end tests find it by (`invitation`, `judge-invitation`). */
  kind: string;
  title: string;
  href: string;
  /** The picture before the text (undefined: none; null: its placeholder). */
  thumbnail?: string | null;
  meta: string[];
  acceptLabel: string;
  declineLabel: string;
  /** Sends the answer; the toast once it is in. */
  answer(accept: boolean): Promise<string>;
}

/** The buttons' words and the failure's toast, in the island's language. */
export interface InvitationTexts {
  accept: string;
  decline: string;
  failed: string;
}

export function InvitationList({ invitations, texts }: { invitations: Invitation[]; texts: InvitationTexts }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(invitation: Invitation, accept: boolean) {
    setBusy(invitation.key);
    try {
      reloadWithToast(await invitation.answer(accept));
    } catch (error) {
      setBusy(null);
      reportFailure(texts.failed, error, { reason: 'api', quiet: true });
    }
  }

  return (
    <ul className="card-list">
      {invitations.map((invitation) => (
        <li
          key={invitation.key}
          className={`${invitation.kind} card ${styles.item}${invitation.thumbnail === undefined ? '' : ` ${styles.pictured}`}`}
        >
          {invitation.thumbnail !== undefined && (
            <span className={styles.thumb} aria-hidden="true">
              {invitation.thumbnail && (
                <img src={invitation.thumbnail} alt="" loading="lazy" decoding="async" suppressHydrationWarning />
              )}
            </span>
          )}
          <div className={styles.text}>
            <a className={styles.title} href={invitation.href}>
              {invitation.title}
            </a>
            {invitation.meta.map((line) => (
              <span key={line} className={styles.meta}>
                {line}
              </span>
            ))}
          </div>
          <div className={styles.buttons}>
            <button
              type="button"
              className="button primary"
              disabled={!hydrated || busy !== null}
              aria-busy={busy === invitation.key || undefined}
              aria-label={invitation.acceptLabel}
              onClick={() => void answer(invitation, true)}
            >
              {texts.accept}
            </button>
            <button
              type="button"
              className="button ghost"
              disabled={!hydrated || busy !== null}
              aria-label={invitation.declineLabel}
              onClick={() => void answer(invitation, false)}
            >
              {texts.decline}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
