import { useState } from 'react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import { useT } from '#i18n/react';
import { NOTE_FILTER_RULES, type NoteFilterRule } from '#lib/feedback';
import type { HeldNoteDto } from '#lib/schemas/notes';
import { LocalTime } from '../ui/LocalTime';
import { useHydrated } from '../ui/use-hydrated';
import styles from './ModerationQueue.module.css';

const ruleOf = (rule: string): NoteFilterRule =>
  (NOTE_FILTER_RULES as readonly string[]).includes(rule) ? (rule as NoteFilterRule) : 'word';

/**
 * Notes the guard held for a moderator (issue 53): what was typed, why it was held, and Approve
 * (everyone sees it) or Refuse (hidden). Each decision is audited and reloads the queue with a toast.
 */
export function HeldNotes({ held, entryHref }: { held: HeldNoteDto[]; entryHref: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<number | null>(null);
  if (held.length === 0) return null;

  async function decide(note: HeldNoteDto, decision: 'approve' | 'refuse') {
    setBusy(note.id);
    try {
      await api(`/jams/${note.jam.slug}/entries/${note.entry.id}/notes/${note.id}/review`, { method: 'PUT', body: { decision } });
      reloadWithToast(t(decision === 'approve' ? 'moderation.heldApproved' : 'moderation.heldRefused'));
    } catch (error) {
      setBusy(null);
      reportFailure(t('moderation.failed'), error);
    }
  }

  return (
    <section aria-labelledby="held-notes-heading" data-held-notes>
      <h3 id="held-notes-heading">{t('moderation.heldHeading', { count: held.length })}</h3>
      <ul className={`card-list ${styles.items}`}>
        {held.map((note) => (
          <li key={note.id} className={`card ${styles.item}`} data-held-note={note.id}>
            <div className={styles.summary}>
              <p className={styles.title}>
                <span className="chip">{t(`moderation.heldRule.${ruleOf(note.rule)}`)}</span>{' '}
                <a href={`${entryHref.replace('{slug}', note.jam.slug).replace('{id}', String(note.entry.id))}#notes`}>
                  {note.entry.title}
                </a>
              </p>
              <blockquote className={styles.note}>
                <p className={styles.noteText}>{note.text}</p>
                <footer className={styles.context}>
                  {t('moderation.noteBy', { name: note.author.name })} · {t('moderation.inJam', { jam: note.jam.name })} ·{' '}
                  <LocalTime iso={note.heldAt} />
                </footer>
              </blockquote>
            </div>
            <div className={styles.actions}>
              <button
                type="button"
                className="button"
                disabled={!hydrated || busy === note.id}
                onClick={() => void decide(note, 'approve')}
              >
                {t('moderation.heldApprove')}
              </button>
              <button
                type="button"
                className="button danger"
                disabled={!hydrated || busy === note.id}
                onClick={() => void decide(note, 'refuse')}
              >
                {t('moderation.heldRefuse')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
