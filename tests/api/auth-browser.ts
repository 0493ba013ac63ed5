/**
 * Just enough of a browser for login flows in API tests: a cookie jar for the app, manual
 * redirects, and form posts with the app's Origin (as a same-site form would send).
 */
export interface Page {
  status: number;
  headers: Headers;
  location: string | null;
  text: string;
  /** Raw Set-Cookie lines of this answer. */
  setCookies: string[];
}

export class Browser {
  readonly jar = new Map<string, string>();
  constructor(private readonly appUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  get(url: string, headers: Record<string, string> = {}): Promise<Page> {
    return this.send(url, { method: 'GET', headers });
  }

  post(url: string, form: Record<string, string>): Promise<Page> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  private async send(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Page> {
    const target = new URL(url, this.appUrl);
    const ours = target.origin === new URL(this.appUrl).origin;
    const headers: Record<string, string> = { ...init.headers };
    if (ours && this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (ours && init.method !== 'GET') headers.origin = new URL(this.appUrl).origin;
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    if (ours) for (const line of setCookies) this.store(line);
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get('location'),
      text: await response.text(),
      setCookies,
    };
  }

  private store(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const gone = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=');
      if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
      if (key.toLowerCase() === 'expires') return new Date(setting).getTime() <= Date.now();
      return false;
    });
    if (gone || value === '') this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

/** The attributes of the Set-Cookie line for `name`, lower-cased keys. */
export function cookieAttributes(setCookies: string[], name: string): Record<string, string> | undefined {
  const line = setCookies.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return Object.fromEntries([
    ['value', pair.slice(name.length + 1)],
    ...attributes.map((attribute) => {
      const [key = '', ...rest] = attribute.split('=');
      return [key.toLowerCase(), rest.join('=') || 'true'];
    }),
  ]);
}
