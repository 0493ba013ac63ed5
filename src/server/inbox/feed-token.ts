/**
 * The private calendar and RSS addresses (issue 34 §2): a random secret per person in the URL
 * (`/feeds/{token}/my-jams.ics`, `/feeds/{token}/my-jams.xml`, with `/hu` or `/ir` in front for the
 * other languages). Making new addresses replaces the secret, so the old ones stop working; turning
 * them off clears it. The secret is found through its unique index; an unknown one is a 404.
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { users } from '#db/schema';
import type { SessionUser } from '#server/auth/session';
import { notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';

/** 25 bytes: 40 base32 characters, as unguessable as a session token and a little more. */
const TOKEN_BYTES = 25;
export const FEED_TOKEN_PATTERN = /^[a-z2-7]{40}$/;
export const NO_SUCH_FEED = 'There is no feed at this address. It may have been turned off or replaced by a new one.';

export function generateFeedToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The person's current secret (null: turned off). */
export async function readFeedToken(user: SessionUser): Promise<string | null> {
  const [row] = await db().select({ token: users.feedToken }).from(users).where(eq(users.id, user.id));
  return row?.token ?? null;
}

/** Makes new addresses; the old ones stop working. */
export async function rotateFeedToken(user: SessionUser): Promise<string> {
  const token = generateFeedToken();
  await db().update(users).set({ feedToken: token }).where(eq(users.id, user.id));
  return token;
}

/** Turns the addresses off. */
export async function revokeFeedToken(user: SessionUser): Promise<void> {
  await db().update(users).set({ feedToken: null }).where(eq(users.id, user.id));
}

/** The person a feed address belongs to (not banned), or a 404 that says nothing more. */
export async function requireFeedOwner(token: string | undefined): Promise<{ id: number; name: string }> {
  if (!token || !FEED_TOKEN_PATTERN.test(token)) throw notFound(NO_SUCH_FEED);
  const [row] = await db()
    .select({ id: users.id, name: users.name, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.feedToken, token));
  if (!row || row.isBanned) throw notFound(NO_SUCH_FEED);
  return { id: row.id, name: row.name };
}

/** The id of a feed address's owner (not banned) as a subquery, for reads that go beside `requireFeedOwner`. */
export const feedOwnerId = (token: string): SQL =>
  sql`(select ${users.id} from ${users} where ${and(eq(users.feedToken, token), eq(users.isBanned, false))})`;
