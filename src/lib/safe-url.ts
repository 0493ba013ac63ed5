/**
 * Only http(s) addresses become images: a stored address that slipped past validation (or one
 * Scratch handed over) cannot bring in javascript:, data: or any other scheme.
 */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
