import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_SCRIPT, COLOR_MODE_SCRIPT_HASH } from '../../src/components/color-mode-script';
import { COLOR_MODE_STORAGE_KEY, FORCED_SYSTEM_WARNING, resolveColorMode, validForcedMode } from '#lib/color-mode';

afterEach(() => vi.restoreAllMocks());

describe('colour modes', () => {
  it('resolves system to the OS setting and keeps the other preferences', () => {
    expect(resolveColorMode('system', true)).toBe('dark');
    expect(resolveColorMode('system', false)).toBe('light');
    expect(resolveColorMode('flame', true)).toBe('flame');
    expect(resolveColorMode('light', true)).toBe('light');
  });

  it('lets a page force light, dark or flame', () => {
    expect(validForcedMode('flame')).toBe('flame');
    expect(validForcedMode(undefined)).toBeUndefined();
  });

  it('refuses to force system and says so in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(validForcedMode('system')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(FORCED_SYSTEM_WARNING);
  });

  it('reads the same localStorage key in the pre-paint script as the store writes, and hashes it for the CSP', () => {
    expect(COLOR_MODE_SCRIPT).toContain(`localStorage.getItem('${COLOR_MODE_STORAGE_KEY}')`);
    expect(COLOR_MODE_SCRIPT_HASH).toBe(`sha256-${createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}`);
  });
});
