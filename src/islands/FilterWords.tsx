import { type SubmitEvent, useId, useRef, useState } from 'react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { translated, useT } from '#i18n/react';
import { type FilterWordsDto, filterWordSchema } from '#lib/schemas/notes';
import { pushToast } from '#stores/toasts';
import { LocalTime } from './ui/LocalTime';
import { useHydrated } from './ui/use-hydrated';
import styles from './FilterWords.module.css';

/**
 * Administrators' words for the note filter: a small form to add one and the list with a Remove
 * button per word. Rendered on the server with the list, so it reads without JavaScript.
 */
export default translated(FilterWords);

function FilterWords({ initial }: { initial: FilterWordsDto }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [words, setWords] = useState(initial.words);
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function add(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = filterWordSchema.safeParse(word);
    if (!parsed.success) {
      setProblem(t('filter.invalid'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api<FilterWordsDto>(`/filter/words/${encodeURIComponent(parsed.data)}`, { method: 'PUT' });
      setWords(answer.words);
      setWord('');
      pushToast({ type: 'success', content: { message: t('filter.added', { word: parsed.data }) } });
    } catch (error) {
      setProblem(reportFailure(t('filter.failed'), error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(gone: string) {
    try {
      await api(`/filter/words/${encodeURIComponent(gone)}`, { method: 'DELETE' });
      setWords((shown) => shown.filter((row) => row.word !== gone));
      pushToast({ type: 'success', content: { message: t('filter.removed', { word: gone }) } });
    } catch (error) {
      reportFailure(t('filter.failed'), error);
    }
  }

  return (
    <div className={styles.words}>
      <form className={`card ${styles.form}`} onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor={`${id}-word`}>{t('filter.word')}</label>
          <div className={styles.row}>
            <input
              ref={input}
              id={`${id}-word`}
              value={word}
              maxLength={40}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setWord(event.target.value)}
            />
            <button type="submit" className="button primary" disabled={busy || !hydrated} aria-busy={busy || undefined}>
              {t('filter.add')}
            </button>
          </div>
          <p id={`${id}-problem`} className="form-error" role="alert">
            {problem}
          </p>
        </div>
      </form>
      {words.length === 0 ? (
        <p className={styles.empty}>{t('filter.empty')}</p>
      ) : (
        <ul className={`card-list ${styles.list}`} aria-label={t('filter.listLabel')} aria-live="polite">
          {words.map((row) => (
            <li key={row.word} className={styles.item}>
              <span className={styles.word}>{row.word}</span>
              <span className={styles.meta}>
                {row.addedBy && <>{t('filter.addedBy', { name: row.addedBy })} · </>}
                <LocalTime iso={row.createdAt} dateOnly />
              </span>
              <button
                type="button"
                className="button ghost small"
                disabled={!hydrated}
                aria-label={t('filter.removeLabel', { word: row.word })}
                onClick={() => void remove(row.word)}
              >
                {t('filter.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
