import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRIBUTORS_TTL_MS, clearContributorsCache, listContributors } from '#server/publish/contributors';

const list = [
  {
    login: 'pixel_pioneer',
    avatar_url: 'https://example.org/a.png',
    html_url: 'https://example.org/p',
    contributions: 42,
    type: 'User',
  },
];
const ok = () => vi.fn(async () => Response.json(list));
const failing = () => vi.fn(async () => new Response('nope', { status: 503 }));

beforeEach(() => {
  clearContributorsCache();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the contributors list', () => {
  it('maps the code host answer and caches it for the TTL', async () => {
    const fetcher = ok();
    const first = await listContributors({ now: 0, fetcher: fetcher as unknown as typeof fetch });
    expect(first).toEqual([
      { name: 'pixel_pioneer', avatarUrl: 'https://example.org/a.png', profileUrl: 'https://example.org/p', contributions: 42 },
    ]);
    await listContributors({ now: CONTRIBUTORS_TTL_MS - 1, fetcher: fetcher as unknown as typeof fetch });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await listContributors({ now: CONTRIBUTORS_TTL_MS + 1, fetcher: fetcher as unknown as typeof fetch });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('fails with the could-not-be-fetched message when there is nothing cached', async () => {
    await expect(listContributors({ now: 0, fetcher: failing() as unknown as typeof fetch })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('could not be fetched'),
    });
  });

  it('keeps serving the last good list when a refresh fails', async () => {
    await listContributors({ now: 0, fetcher: ok() as unknown as typeof fetch });
    const again = await listContributors({ now: CONTRIBUTORS_TTL_MS + 1, fetcher: failing() as unknown as typeof fetch });
    expect(again[0]?.name).toBe('pixel_pioneer');
  });

  it('drops links that are not http(s) or site-relative', async () => {
    const fetcher = vi.fn(async () => Response.json([{ ...list[0], html_url: 'javascript:alert(1)' }]));
    const [person] = await listContributors({ now: 0, fetcher: fetcher as unknown as typeof fetch });
    expect(person?.profileUrl).toBe('');
  });
});
