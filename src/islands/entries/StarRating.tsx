import { useId, useState } from 'react';
import { useT } from '#i18n/react';
import { type JamCriterion, STARS_MAX } from '#lib/judging';
import { clearRating, setRating } from '#stores/votes';
import styles from './StarRating.module.css';
import { reportFailure } from '#client/report-failure';
import { useVoting } from './use-voting';

interface Props {
  slug: string;
  entryId: number;
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
  criteria: JamCriterion[];
}

const STARS = Array.from({ length: STARS_MAX }, (_, i) => i + 1);

/**
 * Ratings by criteria (ADR 039), while voting is open: one radio group of 1–5 stars per criterion
 * (arrow keys move between stars, as in any radio group). Each choice is saved at once; a polite
 * live region says so. Beside it, why rating would not work (logged out, "Who can vote", not played
 * yet), as the upvote button says it.
 */
export function StarRating({ slug, entryId, startsAt, endsAt, votingEndsAt, criteria }: Props) {
  const t = useT();
  const id = useId();
  const {
    myVotes,
    hydrated,
    busy,
    setBusy,
    open,
    own,
    refusal: ruled,
  } = useVoting(slug, entryId, { startsAt, endsAt, votingEndsAt });
  const [status, setStatus] = useState('');
  /** Stars chosen and not yet confirmed by the server: shown at once, dropped when it answers. */
  const [chosen, setChosen] = useState<Record<number, number>>({});

  if (!open) return null;
  if (own) return <span className={`chip ${styles.own}`}>{t('entry.ownEntry')}</span>;

  const mine = new Map(
    (myVotes?.ratings ?? []).filter((rating) => rating.entryId === entryId).map((rating) => [rating.criterionId, rating.stars]),
  );
  const refusal =
    ruled === 'logged-out' ? t('rating.loginToRate') : ruled === 'play-first' ? t('rating.playFirst') : ruled ? t(ruled) : null;
  // Not disabled while saving: the focused star keeps the focus, and the next choice simply follows.
  const disabled = !hydrated || refusal !== null;
  /** Drops a choice once answered, unless a later one for the same criterion is still on its way. */
  const forget = (criterionId: number, stars: number) =>
    setChosen((current) => {
      if (current[criterionId] !== stars) return current;
      const { [criterionId]: _answered, ...rest } = current;
      return rest;
    });

  async function rate(criterion: JamCriterion, stars: number) {
    setChosen((current) => ({ ...current, [criterion.id]: stars }));
    setBusy(true);
    setStatus('');
    try {
      await setRating(slug, entryId, { [String(criterion.id)]: stars });
      setStatus(t('rating.saved', { criterion: criterion.name, count: stars }));
    } catch (error) {
      reportFailure(null, error, { quiet: true });
    } finally {
      forget(criterion.id, stars);
      setBusy(false);
    }
  }

  async function clear() {
    setBusy(true);
    try {
      await clearRating(slug, entryId);
      setStatus(t('rating.cleared'));
    } catch (error) {
      reportFailure(null, error, { quiet: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`star-rating ${styles.rating}`} aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('rating.title')}
      </h2>
      {refusal && (
        <p id={`${id}-refusal`} className={styles.refusal}>
          {refusal}
        </p>
      )}
      {criteria.map((criterion) => (
        <fieldset
          key={criterion.id}
          className={styles.criterion}
          disabled={disabled}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
        >
          <legend className={styles.name}>{criterion.name}</legend>
          <div className={styles.stars}>
            {STARS.map((stars) => {
              const given = chosen[criterion.id] ?? mine.get(criterion.id) ?? 0;
              return (
                <label key={stars} className={styles.star} data-filled={stars <= given || undefined}>
                  <input
                    type="radio"
                    className={styles.radio}
                    name={`${id}-${criterion.id}`}
                    value={stars}
                    checked={given === stars}
                    onChange={() => void rate(criterion, stars)}
                  />
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{t('rating.stars', { count: stars })}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {mine.size > 0 && (
        <button type="button" className="button ghost" disabled={busy} onClick={() => void clear()}>
          {t('rating.clear')}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite" role="status">
        {status}
      </p>
    </section>
  );
}
