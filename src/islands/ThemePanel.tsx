/**
 * The jam page's theme panel (ADR 043), by phase: the suggest form, round 1's one-at-a-time
 * Yes / No / Skip card, the final round's choice, and what comes next. Results after the start are
 * server-rendered (ThemeResults.astro), so this island is only on the page before it.
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { ApiError, api } from '#client/api-client';
import { $jamViewer, loadJamViewer, setViewerTheme } from '#stores/jam-viewer';
import { textRefusalOf } from '#lib/text-refusals';
import type { MyThemeDto } from '#lib/schemas/themes';
import { THEME_MAX, THEME_SUGGESTIONS_PER_PERSON, type ThemeAnswer } from '#lib/themes';
import { LocalTime } from './ui/LocalTime';
import { useHydrated } from './ui/use-hydrated';
import { useIslandStore } from './ui/use-island-store';
import styles from './theme/ThemePanel.module.css';

export const THEME_PANEL_KEYS = ['jamTheme.', 'common.refused.'] as const;

interface Props {
  messages: IslandMessages;
  slug: string;
}

export default translated(ThemePanel);

function ThemePanel({ slug }: Omit<Props, 'messages'>) {
  const t = useT();
  const hydrated = useHydrated();
  // The page's viewer document carries this panel's part (ADR 034, 043): no request of its own.
  const viewer = useIslandStore($jamViewer, null);
  const state = viewer?.theme ?? null;
  const guest = viewer !== null && viewer.user === null;
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const base = `/jams/${slug}/theme`;

  useEffect(() => {
    loadJamViewer(slug).catch((error: unknown) => console.error(error));
  }, [slug]);

  async function send(request: Promise<MyThemeDto>, done: string | ((state: MyThemeDto) => string)) {
    try {
      const next = await request;
      setViewerTheme(next);
      setStatus(typeof done === 'string' ? done : done(next));
      return true;
    } catch (error) {
      const refusal = error instanceof ApiError ? textRefusalOf(error.code, error.body) : null;
      setStatus(refusal ? t(`common.refused.${refusal.rule}`) : error instanceof Error ? error.message : t('jamTheme.failed'));
      return false;
    }
  }

  async function suggest(event: SubmitEvent) {
    event.preventDefault();
    // A suggestion the guard held waits for a moderator: said so, and listed as waiting.
    const done = (next: MyThemeDto) =>
      next.waiting.some((row) => row.text === text) ? t('jamTheme.held') : t('jamTheme.suggested');
    if (await send(api(`${base}/suggestions`, { method: 'POST', body: { text } }), done)) setText('');
  }
  const answer = (id: number, value: ThemeAnswer) =>
    send(api(`${base}/suggestions/${id}/answer`, { method: 'PUT', body: { answer: value } }), t(`jamTheme.answered.${value}`));
  async function pick(id: number) {
    const before = state;
    // The choice shows at once, as a radio group does; a refusal puts the old one back.
    if (before) setViewerTheme({ ...before, pick: id });
    if (!(await send(api(`${base}/pick`, { method: 'PUT', body: { suggestionId: id } }), t('jamTheme.picked')))) {
      setViewerTheme(before);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="theme-panel-heading">
      <h3 id="theme-panel-heading">{t('jamTheme.heading')}</h3>
      {guest && <p>{t('jamTheme.logIn')}</p>}
      {state && <Phase state={state} />}
      {state?.phase === 'suggesting' && state.eligible && (
        <>
          <form className={styles.suggest} onSubmit={suggest}>
            <label htmlFor="theme-suggestion">{t('jamTheme.suggestLabel')}</label>
            <div className={styles.row}>
              <input
                id="theme-suggestion"
                value={text}
                maxLength={THEME_MAX}
                required
                onChange={(event) => setText(event.target.value)}
                disabled={state.suggestions.length + (state.waiting?.length ?? 0) >= THEME_SUGGESTIONS_PER_PERSON}
              />
              <button className="button primary" type="submit" disabled={!hydrated || !text.trim()}>
                {t('jamTheme.suggest')}
              </button>
            </div>
          </form>
          <p className={styles.hint}>
            {t('jamTheme.suggestionsLeft', {
              count: THEME_SUGGESTIONS_PER_PERSON - state.suggestions.length - (state.waiting?.length ?? 0),
            })}
          </p>
          {state.suggestions.length + (state.waiting?.length ?? 0) > 0 && (
            <ul className={styles.mine} aria-label={t('jamTheme.yourSuggestions')}>
              {state.suggestions.map((row) => (
                <li key={row.id}>{row.text}</li>
              ))}
              {(state.waiting ?? []).map((row) => (
                <li key={`waiting-${row.id}`} data-waiting>
                  {row.text}{' '}
                  <span className="chip" title={t('jamTheme.held')}>
                    {t('jamTheme.waitingBadge')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {state?.phase === 'round1' && state.eligible && (
        <div className={styles.card}>
          {state.next ? (
            <>
              <p className={styles.question}>{t('jamTheme.question')}</p>
              <p className={styles.candidate}>{state.next.text}</p>
              <div className={styles.row} role="group" aria-label={t('jamTheme.answerGroup')}>
                {(['yes', 'no', 'skip'] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    className={`button ${value === 'yes' ? 'primary' : ''}`}
                    disabled={!hydrated}
                    onClick={() => answer(state.next!.id, value)}
                  >
                    {t(`jamTheme.answer.${value}`)}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p>{t('jamTheme.allSeen')}</p>
          )}
        </div>
      )}
      {state?.phase === 'final' && state.eligible && (
        <fieldset className={styles.final}>
          <legend>{t('jamTheme.finalLegend')}</legend>
          {state.candidates.map((candidate) => (
            <label key={candidate.id} className={styles.choice}>
              <input
                type="radio"
                name="theme-final"
                checked={state.pick === candidate.id}
                disabled={!hydrated}
                onChange={() => pick(candidate.id)}
              />
              {candidate.text}
            </label>
          ))}
        </fieldset>
      )}
      {state && !state.eligible && ['suggesting', 'round1', 'final'].includes(state.phase) && <p>{t('jamTheme.notEligible')}</p>}
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

function Phase({ state }: { state: MyThemeDto }) {
  const t = useT();
  const until = { soon: state.suggestFrom, suggesting: state.round1From, round1: state.finalFrom, final: state.closesAt }[
    state.phase as 'soon'
  ];
  return (
    <p className={styles.phase}>
      {state.phase !== 'off' && t(`jamTheme.phase.${state.phase}`)}
      {until && (
        <>
          {' '}
          <LocalTime iso={until} />
        </>
      )}
    </p>
  );
}
