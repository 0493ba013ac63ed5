/**
 * The browser's view of the session (spec §3 Session: user + token). The token itself is an
 * HttpOnly cookie the page cannot read, so `token` stays null in the browser; `status` says
 * whether `/api/auth/me` has answered yet.
 */
import { atom } from 'nanostores';
import { ApiError, api } from '#client/api-client';
import { readCookie } from '#lib/cookies';
import { pushNotificationAfterNavigation } from './notifications';

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

/** Set next to the HttpOnly session cookie by the server (src/server/auth/session.ts); it holds no secret. */
const mayHaveSession = () => readCookie(document.cookie, 'itinerary-session') === '1';

/** Validates the session against /api/auth/me once per page; islands call this on mount. */
export function loadSession(): Promise<void> {
  if (!loading && !mayHaveSession()) {
    $session.set(ANONYMOUS);
    loading = Promise.resolve();
  }
  loading ??= fetch('/api/auth/me', { credentials: 'same-origin' })
    .then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as Partial<SessionUserDto> & { error?: unknown };
      if (response.ok && !body.error && typeof body.name === 'string') {
        $session.set({ status: 'authenticated', user: body as SessionUserDto, token: null });
      } else {
        // The server has expired the cookie already.
        $session.set(ANONYMOUS);
      }
    })
    .catch(() => $session.set(ANONYMOUS));
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
  pushNotificationAfterNavigation({ type: 'success', content: { message }, timeout: LOGGED_OUT_TIMEOUT_MS });
  window.location.assign(homePath);
  return 'logged out';
}
