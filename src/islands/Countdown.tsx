import { useEffect, useState } from 'react';
import { type JamWindow, jamStatus, nextMoment, splitDuration } from '../lib/jam-timing';
import { type PluralForms, plural } from '../lib/plural';

interface Props extends JamWindow {
  labels: {
    startingIn: string;
    endingIn: string;
    ended: string;
    days: PluralForms;
    hours: PluralForms;
    minutes: PluralForms;
    seconds: PluralForms;
  };
}

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** Counts down to the jam's next start or end and flips its label when the moment passes, without a reload. */
export default function Countdown({ startsAt, endsAt, labels }: Props) {
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
  const heading = status === 'upcoming' ? labels.startingIn : status === 'ongoing' ? labels.endingIn : labels.ended;
  const left = target === null ? null : splitDuration(target - now);
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;

  return (
    <div className="countdown" data-status={status} data-hydrated={hydrated ? 'true' : undefined}>
      <span className="countdown-label">{heading}</span>
      {left && (
        <span className="countdown-time" role="timer" aria-live="off" suppressHydrationWarning>
          {UNITS.map((unit) => (
            <span key={unit} className="countdown-unit" suppressHydrationWarning>
              {plural(lang, labels[unit], left[unit])}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
