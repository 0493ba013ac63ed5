/**
 * Where a user's picture lives: their Scratch avatar, looked up at most once a day per name and
 * process; users.avatar_url keeps the last known one for when Scratch cannot be reached.
 */
import { eq } from 'drizzle-orm';
import { users } from '#db/schema';
import { USERNAME_PATTERN } from '#lib/schemas/common';
import { db } from '#server/platform/db';
import { ScratchUnavailableError, fetchScratchUser } from '#server/platform/scratch';
import { findUserByName } from './users';

export const DEFAULT_AVATAR = '/default-avatar.svg';
const FRESH_MS = 24 * 60 * 60 * 1000;
const LOOKUP_TIMEOUT_MS = 3000;
const REMEMBERED_NAMES = 5000;

export interface Avatar {
  url: string;
  /** How long browsers may reuse the answer. */
  maxAgeSeconds: number;
}

const looked = new Map<string, { url: string | null; at: number }>();

function remember(key: string, url: string | null) {
  looked.delete(key);
  looked.set(key, { url, at: Date.now() });
  if (looked.size > REMEMBERED_NAMES) looked.delete(looked.keys().next().value!);
}

export async function avatarFor(name: string): Promise<Avatar> {
  if (!USERNAME_PATTERN.test(name)) return { url: DEFAULT_AVATAR, maxAgeSeconds: 86_400 };
  const key = name.toLowerCase();
  const known = looked.get(key);
  if (known && Date.now() - known.at < FRESH_MS) return { url: known.url ?? DEFAULT_AVATAR, maxAgeSeconds: 3600 };

  const stored = await findUserByName(name);
  try {
    const url = (await fetchScratchUser(name, LOOKUP_TIMEOUT_MS))?.avatarUrl ?? null;
    remember(key, url);
    if (stored && url && stored.avatarUrl !== url) {
      await db().update(users).set({ avatarUrl: url }).where(eq(users.id, stored.id));
    }
    return { url: url ?? DEFAULT_AVATAR, maxAgeSeconds: 3600 };
  } catch (error) {
    if (!(error instanceof ScratchUnavailableError)) throw error;
    return { url: stored?.avatarUrl ?? DEFAULT_AVATAR, maxAgeSeconds: 60 };
  }
}
