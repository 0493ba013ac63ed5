import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { useLanguage, useT } from '#i18n/react';
import { NOTE_MAX_LENGTH } from '#lib/feedback';
import { untilText } from '#lib/mute-time';
import { type NoteDto, isNoteFilterRule } from '#lib/schemas/notes';
import styles from './Notes.module.css';

/** Why the last note was not kept: a filter rule (maybe with the mute it started), the mute, the pace, or another error. */
type Refusal =
  | { kind: 'rule'; rule: string; mutedUntil: string | null }
  | { kind: 'muted'; until: string }
  | { kind: 'pace'; seconds: number }
  | { kind: 'other'; message: string };

/** The note box of someone logged in: posts a note, and says why one was refused (and for how long a mute lasts). */
export function NoteForm({
  base,
  mutedUntil,
  onMuted,
  onPosted,
}: {
  base: string;
  mutedUntil: string | null;
  onMuted: (until: string | null) => void;
  onPosted: (note: NoteDto) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Set only while a mute lasts: the timer below clears it when the mute ends.
  const muted = mutedUntil !== null;

  // The mute ends by itself: the button comes back when its time has come.
  useEffect(() => {
    if (!mutedUntil) return;
    const left = Date.parse(mutedUntil) - Date.now();
    const timer = setTimeout(
      () => {
        onMuted(null);
        // The mute's line goes with it (a rule's own message stays).
        setRefusal((current) =>
          current?.kind === 'muted' ? null : current?.kind === 'rule' ? { ...current, mutedUntil: null } : current,
        );
      },
      Math.max(0, left) + 500,
    );
    return () => clearTimeout(timer);
  }, [mutedUntil, onMuted]);

  // "in 4 minutes" moves on while the mute lasts.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!mutedUntil) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 15_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [mutedUntil]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy || muted) return;
    if (text.trim() === '') {
      setRefusal({ kind: 'other', message: t('notes.emptyNote') });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const note = await api<NoteDto>(base, { method: 'POST', body: { text } });
      // Whatever was typed while the note was on its way stays in the box.
      setText((current) => (current === text ? '' : current));
      onPosted(note);
    } catch (error) {
      const body =
        error instanceof ApiError
          ? (error.body as { error?: { rule?: unknown; mutedUntil?: string; retryAfter?: number } })
          : undefined;
      if (error instanceof ApiError && error.code === 'note_refused' && isNoteFilterRule(body?.error?.rule)) {
        setRefusal({ kind: 'rule', rule: body.error.rule, mutedUntil: body.error.mutedUntil ?? null });
        if (body.error.mutedUntil) onMuted(body.error.mutedUntil);
      } else if (error instanceof ApiError && error.code === 'muted' && body?.error?.mutedUntil) {
        setRefusal({ kind: 'muted', until: body.error.mutedUntil });
        onMuted(body.error.mutedUntil);
      } else if (error instanceof ApiError && error.code === 'rate_limited' && body?.error?.retryAfter) {
        setRefusal({ kind: 'pace', seconds: body.error.retryAfter });
      } else {
        setRefusal({ kind: 'other', message: reportFailure(t('notes.postFailed'), error) });
      }
    } finally {
      setBusy(false);
    }
  }

  const mutedText = (until: string) => {
    const inMinutes = (count: number) => t('notes.inMinutes', { count });
    const { relative, clock } = untilText(until, document.documentElement.lang || lang, { now, inMinutes });
    return t('notes.muted', { when: relative, time: clock });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('notes.label')}</label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={t('notes.placeholder')}
          aria-describedby={`${id}-count ${id}-refusal`}
          aria-invalid={refusal !== null || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className={`hint ${styles.count}`}>
          {t('notes.count', { count: text.length, max: NOTE_MAX_LENGTH })}
        </p>
      </div>
      <div id={`${id}-refusal`} role="alert" className={styles.alertSlot}>
        {refusal && (
          <div className={styles.refusal}>
            {refusal.kind === 'rule' && <p>{t(`notes.refused.${refusal.rule as 'link'}`)}</p>}
            {refusal.kind === 'rule' && refusal.mutedUntil && <p>{mutedText(refusal.mutedUntil)}</p>}
            {refusal.kind === 'muted' && <p>{mutedText(refusal.until)}</p>}
            {refusal.kind === 'pace' && <p>{t('notes.tooFast', { count: refusal.seconds })}</p>}
            {refusal.kind === 'other' && <p>{refusal.message}</p>}
          </div>
        )}
        {!refusal && muted && mutedUntil && (
          <div className={styles.refusal}>
            <p>{mutedText(mutedUntil)}</p>
          </div>
        )}
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="button primary" disabled={busy || muted} aria-busy={busy || undefined}>
          {t('notes.post')}
        </button>
        <p className={`hint ${styles.rules}`}>{t('notes.rules')}</p>
      </div>
    </form>
  );
}
