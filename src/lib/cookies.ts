/** Browser cookie helper (spec §9: path / and an expiry in days by default). */
export interface CookieOptions {
  days?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function serializeCookie(name: string, value: string, { days, path = '/', sameSite = 'Lax' }: CookieOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `Path=${path}`, `SameSite=${sameSite}`];
  if (days !== undefined) parts.push(`Max-Age=${Math.round(days * 24 * 60 * 60)}`);
  return parts.join('; ');
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key && decodeURIComponent(key) === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
