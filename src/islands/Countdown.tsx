import { useEffect, useState } from 'react';
import { type JamWindow, jamStatus, nextMoment, splitDuration } from '../lib/jam-timing';

interface Props extends JamWindow {
  labels: { startingIn: string; endingIn: string; ended: string; days: string; hours: string; minutes: string; seconds: string };
}

/** Counts down to the jam's next start or end and flips its label when the moment passes. */
export default function Countdown({ startsAt, endsAt, labels }: Props) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const current = now ?? new Date(startsAt).getTime() - 1;
  const status = jamStatus({ startsAt, endsAt }, now ?? undefined);
  const target = nextMoment({ startsAt, endsAt }, now ?? undefined);
  const heading = status === 'upcoming' ? labels.startingIn : status === 'ongoing' ? labels.endingIn : labels.ended;
  const left = target === null ? null : splitDuration(target - current);

  return (
    <div className="countdown" data-status={status} data-hydrated={now !== null ? 'true' : undefined}>
      <span className="countdown-label">{heading}</span>
      {left && (
        <span className="countdown-time" role="timer">
          {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
            <span key={unit}>{labels[unit].replace('{{count}}', String(left[unit]))} </span>
          ))}
        </span>
      )}
    </div>
  );
}
