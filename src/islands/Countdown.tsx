import { useEffect, useState } from 'react';
import { translated, useT } from '../i18n/react';
import { type JamWindow, jamStatus, nextMoment, splitDuration } from '../lib/jam-timing';

/** Keys the countdown translates with (see `islandMessages`). */
export const COUNTDOWN_KEYS = ['jam.startingIn', 'jam.endingIn', 'jam.ended', 'countdown.'] as const;
const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** Counts down to the jam's next start or end and flips its label when the moment passes, without a reload. */
export default translated(Clock);

function Clock({ startsAt, endsAt }: JamWindow) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const status = jamStatus({ startsAt, endsAt }, now);
  const target = nextMoment({ startsAt, endsAt }, now);
  const heading = t(status === 'upcoming' ? 'jam.startingIn' : status === 'ongoing' ? 'jam.endingIn' : 'jam.ended');
  const left = target === null ? null : splitDuration(target - now);

  return (
    <div className="countdown" data-status={status} data-hydrated={hydrated ? 'true' : undefined}>
      <span className="countdown-label">{heading}</span>
      {left && (
        <span className="countdown-time" role="timer" aria-live="off">
          {UNITS.map((unit) => (
            <span key={unit} className="countdown-unit" suppressHydrationWarning>
              {t(`countdown.${unit}`, { count: left[unit] })}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
