/**
 * The browser's view of the session (spec §3 Session: user + token). The token itself is an
 * HttpOnly cookie the page cannot read, so `token` stays null in the browser; `status` says
 * whether `/api/auth/me` has answered yet.
 */
import { atom } from 'nanostores';

export interface SessionUserDto {
  id: number;
  name: string;
  isAdmin: boolean;
  isBanned: boolean;
  updatedAt: string;
  updatedBy: number | null;
}

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export const $session = atom<{ status: SessionStatus; user: SessionUserDto | null; token: string | null }>({
  status: 'unknown',
  user: null,
  token: null,
});

let loading: Promise<void> | undefined;

/** Validates the session against /api/auth/me once per page; islands call this on mount. */
export function loadSession(): Promise<void> {
  loading ??= fetch('/api/auth/me', { credentials: 'same-origin' })
    .then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as Partial<SessionUserDto> & { error?: unknown };
      if (response.ok && !body.error && typeof body.name === 'string') {
        $session.set({ status: 'authenticated', user: body as SessionUserDto, token: null });
      } else {
        $session.set({ status: 'anonymous', user: null, token: null });
      }
    })
    .catch(() => $session.set({ status: 'anonymous', user: null, token: null }));
  return loading;
}
