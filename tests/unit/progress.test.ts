import { beforeEach, describe, expect, it } from 'vitest';
import { $progress, estimatedProgress, finishProgress, resetProgress, startProgress } from '#stores/progress';

beforeEach(() => resetProgress());

describe('the progress bar store', () => {
  it('runs while any work is pending and is idle when all of it has finished', () => {
    startProgress();
    startProgress();
    finishProgress();
    expect($progress.get()).toEqual({ state: 'running', pending: 1 });
    finishProgress();
    expect($progress.get()).toEqual({ state: 'idle', pending: 0 });
  });

  it('turns to failed when a piece of work failed, and starts clean afterwards', () => {
    startProgress();
    finishProgress(false);
    expect($progress.get().state).toBe('failed');
    startProgress();
    expect($progress.get().state).toBe('running');
  });

  it('creeps towards the end over the 5000 ms duration without reaching it', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(2500)).toBeGreaterThan(40);
    expect(estimatedProgress(5000)).toBeLessThan(95);
    expect(estimatedProgress(600_000)).toBeLessThanOrEqual(95);
  });
});
