/**
 * The 3 px top progress bar (spec §2, §9): shown only for work that takes longer than the
 * 300 ms throttle, creeping over 5000 ms, filled and hidden 500 ms after the work ends,
 * red when it failed.
 */
import { useEffect, useState } from 'react';
import styles from './ProgressBar.module.css';
import { $progress, PROGRESS_HIDE_DELAY_MS, PROGRESS_THROTTLE_MS, estimatedProgress } from '#stores/progress';
import { renderedByReact } from '#lib/astro-renderer';

function ProgressBar() {
  const [visible, setVisible] = useState(false);
  const [percent, setPercent] = useState(0);
  const [failed, setFailed] = useState(false);

  // The bar follows the progress store from outside React: timers, not renders, drive it.
  useEffect(() => {
    const timers: {
      show?: ReturnType<typeof setTimeout>;
      hide?: ReturnType<typeof setTimeout>;
      tick?: ReturnType<typeof setInterval>;
    } = {};
    let shown = false;
    let started = 0;
    let last: string | undefined;
    const show = (value: boolean) => {
      shown = value;
      setVisible(value);
    };
    const unsubscribe = $progress.subscribe(({ state }) => {
      if (state === last) return; // only the pending count changed
      last = state;
      if (state === 'running') {
        clearTimeout(timers.hide);
        setFailed(false);
        if (timers.tick || timers.show) return;
        started = Date.now();
        timers.show = setTimeout(() => {
          show(true);
          timers.tick = setInterval(() => setPercent(estimatedProgress(Date.now() - started)), 100);
        }, PROGRESS_THROTTLE_MS);
        return;
      }
      clearTimeout(timers.show);
      clearInterval(timers.tick);
      timers.show = timers.tick = undefined;
      if (state === 'failed') {
        setFailed(true);
        show(true);
      } else if (!shown) {
        return;
      }
      setPercent(100);
      timers.hide = setTimeout(() => {
        show(false);
        setPercent(0);
        setFailed(false);
      }, PROGRESS_HIDE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timers.show);
      clearTimeout(timers.hide);
      clearInterval(timers.tick);
    };
  }, []);

  return (
    <div
      className={['progress-bar', styles.bar, visible && styles.visible, failed && styles.failed].filter(Boolean).join(' ')}
      data-state={visible ? (failed ? 'failed' : 'running') : 'hidden'}
      aria-hidden="true"
    >
      <div className={styles.fill} style={{ transform: `scaleX(${percent / 100})` }} />
    </div>
  );
}

export default renderedByReact(ProgressBar);
