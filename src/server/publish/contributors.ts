/**
 * The About page's credits: contributors from the code host (CONTRIBUTORS_URL), cached in
 * process for an hour. A failed fetch serves the last good list if there is one; otherwise it
 * fails with the spec's "could not be fetched" message and is not retried for a minute.
 */
import { z } from 'zod';
import { config } from '#server/platform/config';
import { AppError } from '#server/platform/errors';
import type { Contributor } from '#lib/schemas/contributors';

export type { Contributor };

export const CONTRIBUTORS_TTL_MS = 60 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = 60 * 1000;
const TIMEOUT_MS = 5000;

const responseSchema = z.array(
  z.looseObject({
    login: z.string().min(1),
    avatar_url: z.string(),
    html_url: z.string(),
    contributions: z.number().int().nonnegative(),
    type: z.string().optional(),
  }),
);

export const contributorsUnavailable = () =>
  new AppError(502, 'upstream_unavailable', 'The list of contributors could not be fetched. Please try again later.');

let cached: { at: number; contributors: Contributor[] } | undefined;
let failedAt: number | undefined;
let pending: Promise<Contributor[]> | undefined;

const safeUrl = (url: string) => (/^(https?:\/\/|\/)/.test(url) ? url : '');

async function fetchContributors(fetcher: typeof fetch): Promise<Contributor[]> {
  const response = await fetcher(config().CONTRIBUTORS_URL, {
    headers: { accept: 'application/json', 'user-agent': 'Itinerary' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`contributors: HTTP ${response.status}`);
  return responseSchema
    .parse(await response.json())
    .filter((entry) => entry.type !== 'Bot')
    .map((entry) => ({
      name: entry.login,
      avatarUrl: safeUrl(entry.avatar_url),
      profileUrl: safeUrl(entry.html_url),
      contributions: entry.contributions,
    }));
}

export async function listContributors({
  now = Date.now(),
  fetcher = fetch,
}: { now?: number; fetcher?: typeof fetch } = {}): Promise<Contributor[]> {
  if (cached && now - cached.at < CONTRIBUTORS_TTL_MS) return cached.contributors;
  if (failedAt !== undefined && now - failedAt < RETRY_AFTER_FAILURE_MS) {
    if (cached) return cached.contributors;
    throw contributorsUnavailable();
  }
  pending ??= fetchContributors(fetcher).finally(() => (pending = undefined));
  try {
    const contributors = await pending;
    cached = { at: now, contributors };
    failedAt = undefined;
    return contributors;
  } catch (error) {
    console.warn('Could not fetch the contributors:', error instanceof Error ? error.message : error);
    failedAt = now;
    if (cached) return cached.contributors;
    throw contributorsUnavailable();
  }
}

/** For tests: forget the cache. */
export function clearContributorsCache(): void {
  cached = undefined;
  failedAt = undefined;
  pending = undefined;
}
