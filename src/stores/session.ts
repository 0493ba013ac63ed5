/**
 * The browser's view of the session (spec §3 Session: user + token). The token itself is an
 * HttpOnly cookie the page cannot read, so `token` stays null in the browser; `status` says
 * whether the server (`/api/auth/me`, or the page's viewer document) has answered yet.
 */
import { atom } from 'nanostores';
import { ApiError, api } from '#client/api-client';
import { pushToastAfterNavigation } from './toasts';
import { loadPageViewer, mayHaveSession, pageViewerTarget } from './page-viewer';

export interface SessionUserDto {
  id: number;
  name: string;
  isAdmin: boolean;
  isBanned: boolean;
  updatedAt: string;
  updatedBy: number | null;
}

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUserDto | null;
  token: string | null;
}

/** Before the browser has asked: also what the server renders islands with. */
export const UNKNOWN_SESSION: SessionState = { status: 'unknown', user: null, token: null };

export const $session = atom<SessionState>(UNKNOWN_SESSION);

const ANONYMOUS = { status: 'anonymous', user: null, token: null } as const;
export const LOGGED_OUT_MESSAGE = 'You have been logged out.';
/** Spec §9: the logout notification shows for 5000 ms. */
export const LOGGED_OUT_TIMEOUT_MS = 5000;

let loading: Promise<void> | undefined;

async function askMe(): Promise<void> {
  try {
    const response = await fetch('/api/auth/me', { credentials: 'same-origin' });
    const body = (await response.json().catch(() => ({}))) as Partial<SessionUserDto> & { error?: unknown };
    if (response.ok && !body.error && typeof body.name === 'string') {
      $session.set({ status: 'authenticated', user: body as SessionUserDto, token: null });
    } else {
      // The server has expired the cookie already.
      $session.set(ANONYMOUS);
    }
  } catch {
    $session.set(ANONYMOUS);
  }
}

/**
 * On a page with a viewer document (ADR 034) the session comes with it. A banned user is asked about
 * through /api/auth/me, which logs them out (spec §4) as on every other page.
 */
async function fromPageViewer(): Promise<void> {
  let user: SessionUserDto | null;
  try {
    user = (await loadPageViewer())?.user ?? null;
  } catch {
    return askMe();
  }
  if (user?.isBanned) return askMe();
  $session.set(user ? { status: 'authenticated', user, token: null } : ANONYMOUS);
}

/** Validates the session once per page (the page's viewer document, else /api/auth/me); islands call this on mount. */
export function loadSession(): Promise<void> {
  if (!loading && !mayHaveSession()) {
    $session.set(ANONYMOUS);
    loading = Promise.resolve();
  }
  loading ??= pageViewerTarget() ? fromPageViewer() : askMe();
  return loading;
}

export interface LogoutOptions {
  /** Where "home" is in the visitor's language (default `/`). */
  homePath?: string;
  /** The toast text in the visitor's language (default 'You have been logged out.'). */
  message?: string;
}

/**
 * Spec §4 Logout: ends the session on the server, goes home, then shows the logged-out toast
 * for 5000 ms. The session is reset even when the call fails (the server expires the cookie
 * either way); then the promise rejects with the error and the page stays. The nav passes the
 * localized home path and message.
 */
export async function logout({ homePath = '/', message = LOGGED_OUT_MESSAGE }: LogoutOptions = {}): Promise<'logged out'> {
  try {
    await api('/auth/remove', { method: 'POST' });
  } catch (error) {
    // 401: the session had already ended, which is what logging out wants.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  } finally {
    $session.set(ANONYMOUS);
  }
  pushToastAfterNavigation({ type: 'success', content: { message }, timeout: LOGGED_OUT_TIMEOUT_MS });
  window.location.assign(homePath);
  return 'logged out';
}
