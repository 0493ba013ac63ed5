/**
 * Speaks the ScratchAuth provider protocol (FluffyScratch style):
 *   GET /auth/?redirect=<base64 of host+path>&name=<app>  → a page where the Scratcher confirms
 *   … the browser goes back to <redirect>?privateCode=<code>
 *   GET /api/auth/verifyToken?privateCode=<code>          → 200 { valid: true, username, redirect } (single use),
 *                                                           or 403 { valid: false, username: null, redirect: null } for an
 *                                                           unknown, used or unverified code (New Scratchers), as the real
 *                                                           ScratchAuth server's verifyToken route answers
 * Test hook: POST /__codes { username, redirect } → { privateCode } without a browser.
 */
import { randomBytes } from 'node:crypto';
import { SCRATCH_USERS } from './fixtures';
import { type RunningFake, listen, readBody, sendJson } from './http';

interface IssuedCode {
  username: string;
  redirect: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function decodeRedirect(encoded: string | null): string | null {
  if (!encoded) return null;
  try {
    return Buffer.from(encoded, 'base64').toString('utf8');
  } catch {
    return null;
  }
}

/** Loopback callbacks are plain http in development and tests; everything else is https. */
const callbackUrl = (redirect: string) => `${/^(localhost|127\.0\.0\.1)(:|\/)/.test(redirect) ? 'http' : 'https'}://${redirect}`;

export async function startScratchAuth(port = 0): Promise<RunningFake & { codes: Map<string, IssuedCode> }> {
  const codes = new Map<string, IssuedCode>();
  const issue = (username: string, redirect: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { username, redirect });
    return code;
  };

  const fake = await listen(async (req, res, url) => {
    if (url.pathname === '/auth/' || url.pathname === '/auth') {
      const redirect = decodeRedirect(url.searchParams.get('redirect'));
      if (!redirect) return sendJson(res, 400, { error: 'missing redirect' });
      const name = url.searchParams.get('name') ?? 'an app';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><title>ScratchAuth (fake)</title></head><body>
<h1>Log in to ${escapeHtml(name)} with Scratch</h1>
<form method="get" action="/auth/approve">
<input type="hidden" name="redirect" value="${escapeHtml(url.searchParams.get('redirect') ?? '')}">
<label>Scratch username <input name="username" autocomplete="off"></label>
<button type="submit">Authorize</button>
</form></body></html>`);
    }
    if (url.pathname === '/auth/approve') {
      const redirect = decodeRedirect(url.searchParams.get('redirect'));
      if (!redirect) return sendJson(res, 400, { error: 'missing redirect' });
      const code = issue(url.searchParams.get('username') ?? '', redirect);
      res.writeHead(302, { location: `${callbackUrl(redirect)}?privateCode=${code}` });
      return res.end();
    }
    if (url.pathname === '/api/auth/verifyToken') {
      const code = url.searchParams.get('privateCode') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      const user = SCRATCH_USERS.find((u) => u.username.toLowerCase() === issued?.username.toLowerCase());
      if (!issued || !user || user.newScratcher) {
        return sendJson(res, 403, { valid: false, username: null, redirect: null });
      }
      return sendJson(res, 200, { valid: true, username: issued.username, redirect: issued.redirect });
    }
    if (req.method === 'POST' && url.pathname === '/__codes') {
      const { username, redirect } = JSON.parse(await readBody(req)) as IssuedCode;
      return sendJson(res, 201, { privateCode: issue(username, redirect) });
    }
    sendJson(res, 404, { error: 'not found' });
  }, port);
  return Object.assign(fake, { codes });
}
