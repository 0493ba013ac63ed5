import { useState } from 'react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import { useT } from '#i18n/react';
import { NOTE_FILTER_RULES, type NoteFilterRule } from '#lib/feedback';
import type { HeldNoteDto } from '#lib/schemas/notes';
import type { HeldTextDto } from '#lib/schemas/reports';
import { LocalTime } from '../ui/LocalTime';
import { useHydrated } from '../ui/use-hydrated';
import styles from './ModerationQueue.module.css';

const ruleOf = (rule: string): NoteFilterRule =>
  (NOTE_FILTER_RULES as readonly string[]).includes(rule) ? (rule as NoteFilterRule) : 'word';

/** One held text as the list shows it, whatever it is. */
interface HeldItem {
  key: string;
  rule: string;
  text: string;
  /** What it is and where it would show (an entry's title, "Theme suggestion"…). */
  label: string;
  href: string;
  author: string;
  jam: string;
  heldAt: string;
  review: string;
  approved: string;
  refused: string;
}

/**
 * What the guard held for a moderator (issue 53): notes, and theme suggestions, text answers and
 * jam texts. What was typed, why it was held, and Approve (shown, or applied where it belongs) or
 * Refuse. Each decision is audited and reloads the queue with a toast.
 */
export function HeldNotes({
  held,
  texts = [],
  entryHref,
  jamHref,
}: {
  held: HeldNoteDto[];
  texts?: HeldTextDto[];
  entryHref: string;
  jamHref: string;
}) {
  const t = useT();
  const notes: HeldItem[] = held.map((note) => ({
    key: `note-${note.id}`,
    rule: note.rule,
    text: note.text,
    label: note.entry.title,
    href: `${entryHref.replace('{slug}', note.jam.slug).replace('{id}', String(note.entry.id))}#notes`,
    author: note.author.name,
    jam: note.jam.name,
    heldAt: note.heldAt,
    review: `/jams/${note.jam.slug}/entries/${note.entry.id}/notes/${note.id}/review`,
    approved: t('moderation.heldApproved'),
    refused: t('moderation.heldRefused'),
  }));
  const others: HeldItem[] = texts.map((one) => ({
    key: `text-${one.id}`,
    rule: one.rule,
    text: one.text,
    label: t(`moderation.heldTarget.${one.target === 'jam' ? (one.path === 'body' ? 'body' : 'description') : one.target}`),
    href: jamHref.replace('{slug}', one.jam.slug),
    author: one.author.name,
    jam: one.jam.name,
    heldAt: one.heldAt,
    review: `/jams/${one.jam.slug}/held-texts/${one.id}/review`,
    approved: t('moderation.heldTextApproved'),
    refused: t('moderation.heldTextRefused'),
  }));
  return (
    <>
      {notes.length > 0 && (
        <HeldList id="held-notes-heading" heading={t('moderation.heldHeading', { count: notes.length })} items={notes} />
      )}
      {others.length > 0 && (
        <HeldList id="held-texts-heading" heading={t('moderation.heldTextsHeading', { count: others.length })} items={others} />
      )}
    </>
  );
}

function HeldList({ id, heading, items }: { id: string; heading: string; items: HeldItem[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);

  async function decide(item: HeldItem, decision: 'approve' | 'refuse') {
    setBusy(item.key);
    try {
      await api(item.review, { method: 'PUT', body: { decision } });
      reloadWithToast(decision === 'approve' ? item.approved : item.refused);
    } catch (error) {
      setBusy(null);
      reportFailure(t('moderation.failed'), error);
    }
  }

  return (
    <section aria-labelledby={id} data-held-notes>
      <h3 id={id}>{heading}</h3>
      <ul className={`card-list ${styles.items}`}>
        {items.map((item) => (
          <li key={item.key} className={`card ${styles.item}`} data-held-note={item.key}>
            <div className={styles.summary}>
              <p className={styles.title}>
                <span className="chip">{t(`moderation.heldRule.${ruleOf(item.rule)}`)}</span> <a href={item.href}>{item.label}</a>
              </p>
              <blockquote className={styles.note}>
                <p className={styles.noteText}>{item.text}</p>
                <footer className={styles.context}>
                  {t('moderation.noteBy', { name: item.author })} · {t('moderation.inJam', { jam: item.jam })} ·{' '}
                  <LocalTime iso={item.heldAt} />
                </footer>
              </blockquote>
            </div>
            <div className={styles.actions}>
              <button
                type="button"
                className="button"
                disabled={!hydrated || busy === item.key}
                onClick={() => void decide(item, 'approve')}
              >
                {t('moderation.heldApprove')}
              </button>
              <button
                type="button"
                className="button danger"
                disabled={!hydrated || busy === item.key}
                onClick={() => void decide(item, 'refuse')}
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
