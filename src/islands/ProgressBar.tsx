/**
 * The 3 px top progress bar (spec §2, §9): shown only for work that takes longer than the
 * 300 ms throttle, creeping over 5000 ms, filled and hidden 500 ms after the work ends,
 * red when it failed.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import styles from './ProgressBar.module.css';
import { $progress, PROGRESS_HIDE_DELAY_MS, PROGRESS_THROTTLE_MS, estimatedProgress } from '#stores/progress';

export default function ProgressBar() {
  const { state } = useStore($progress);
  const [visible, setVisible] = useState(false);
  const [percent, setPercent] = useState(0);
  const [failed, setFailed] = useState(false);
  const started = useRef(0);
  const timers = useRef<{ show?: ReturnType<typeof setTimeout>; hide?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> }>({});

  useEffect(() => {
    const current = timers.current;
    if (state === 'running') {
      clearTimeout(current.hide);
      setFailed(false);
      if (current.tick || current.show) return;
      started.current = Date.now();
      current.show = setTimeout(() => {
        setVisible(true);
        current.tick = setInterval(() => setPercent(estimatedProgress(Date.now() - started.current)), 100);
      }, PROGRESS_THROTTLE_MS);
      return;
    }
    clearTimeout(current.show);
    clearInterval(current.tick);
    current.show = current.tick = undefined;
    if (state === 'failed') {
      setFailed(true);
      setVisible(true);
    } else if (!visible) {
      return;
    }
    setPercent(100);
    current.hide = setTimeout(() => {
      setVisible(false);
      setPercent(0);
      setFailed(false);
    }, PROGRESS_HIDE_DELAY_MS);
  }, [state]);

  useEffect(() => {
    const current = timers.current;
    return () => {
      clearTimeout(current.show);
      clearTimeout(current.hide);
      clearInterval(current.tick);
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
