import { describe, expect, it } from 'vitest';
import { parseConfig } from '#server/platform/config';

describe('configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      HOST: 'localhost',
      PORT: 4321,
      PUBLIC_SITE_URL: 'http://localhost:4321',
      DATABASE_URL: 'file:./data/itinerary.db',
      SCRATCH_AUTH_URL: 'https://auth.itinerary.eu.org',
      SCRATCH_API_URL: 'https://api.scratch.mit.edu',
      ITINERARY_ADMINS: [],
      ITINERARY_DEV_LOGIN: false,
      SOURCE_CODE_URL: 'https://github.com/itinerary-jams/itinerary',
      ORIGINAL_FRONTEND_SOURCE_URL: 'https://github.com/Looky1173/Itinerary',
      ORIGINAL_SERVER_SOURCE_URL: 'https://github.com/Looky1173/Itinerary-Server',
    });
    expect(config.FEEDBACK_URL).toBeUndefined();
  });

  it('treats empty variables as unset and splits the admin list', () => {
    const config = parseConfig({ PORT: '', ITINERARY_ADMINS: ' alice, Bob ,,' });
    expect(config.PORT).toBe(4321);
    expect(config.ITINERARY_ADMINS).toEqual(['alice', 'Bob']);
  });

  it('reads the hosts administrators allow links to, lower case, and names a bad one', () => {
    expect(parseConfig({}).ITINERARY_LINK_HOSTS).toEqual([]);
    expect(parseConfig({ ITINERARY_LINK_HOSTS: ' TurboWarp.org, kid.itch.io ,' }).ITINERARY_LINK_HOSTS).toEqual([
      'turbowarp.org',
      'kid.itch.io',
    ]);
    expect(() => parseConfig({ ITINERARY_LINK_HOSTS: 'https://turbowarp.org/' })).toThrow(
      'Invalid configuration: ITINERARY_LINK_HOSTS must be comma-separated host names (example.org) (got "https://turbowarp.org/")',
    );
  });

  it('accepts remote libSQL URLs with a token', () => {
    const config = parseConfig({ DATABASE_URL: 'libsql://db.example.org', DATABASE_AUTH_TOKEN: 'secret' });
    expect(config.DATABASE_URL).toBe('libsql://db.example.org');
    expect(config.DATABASE_AUTH_TOKEN).toBe('secret');
  });

  it('keeps an embedded replica of a remote libSQL server, synced every second unless told otherwise', () => {
    const remote = { DATABASE_URL: 'http://127.0.0.1:8080', DATABASE_REPLICA: 'file:./data/replica.db' };
    expect(parseConfig(remote)).toMatchObject({ DATABASE_REPLICA: 'file:./data/replica.db', DATABASE_SYNC_INTERVAL: 1 });
    expect(parseConfig({ ...remote, DATABASE_SYNC_INTERVAL: '2.5' }).DATABASE_SYNC_INTERVAL).toBe(2.5);
    expect(parseConfig({}).DATABASE_REPLICA).toBeUndefined();
  });

  it.each([
    [
      { DATABASE_REPLICA: 'file:./data/replica.db' },
      'Invalid configuration: DATABASE_REPLICA needs a remote DATABASE_URL (libsql://, http(s):// or ws(s)://) to replicate, not the embedded file:./data/itinerary.db (got "file:./data/replica.db")',
    ],
    [
      { DATABASE_URL: 'libsql://db.example.org', DATABASE_REPLICA: './replica.db' },
      'Invalid configuration: DATABASE_REPLICA must be a file: path (the embedded replica of the remote DATABASE_URL) (got "./replica.db")',
    ],
    [
      { DATABASE_URL: 'libsql://db.example.org', DATABASE_REPLICA: 'file::memory:' },
      'Invalid configuration: DATABASE_REPLICA must name a file (an embedded replica cannot be in memory) (got "file::memory:")',
    ],
    [
      { DATABASE_SYNC_INTERVAL: 'often' },
      'Invalid configuration: DATABASE_SYNC_INTERVAL must be a number of seconds (got "often")',
    ],
    [{ DATABASE_SYNC_INTERVAL: '0.1' }, 'Invalid configuration: DATABASE_SYNC_INTERVAL must be at least 0.5 seconds (got "0.1")'],
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be 0..65535 (got "70000")'],
    [
      { DATABASE_URL: 'postgres://x' },
      'Invalid configuration: DATABASE_URL must start with file:, libsql://, http(s):// or ws(s):// (got "postgres://x")',
    ],
    [{ SCRATCH_API_URL: 'not a url' }, 'Invalid configuration: SCRATCH_API_URL must be an http(s) URL (got "not a url")'],
    [
      { SOURCE_CODE_URL: 'git@github.com:x/y.git' },
      'Invalid configuration: SOURCE_CODE_URL must be an http(s) URL (got "git@github.com:x/y.git")',
    ],
    [
      { ORIGINAL_SERVER_SOURCE_URL: 'ftp://x' },
      'Invalid configuration: ORIGINAL_SERVER_SOURCE_URL must be an http(s) URL (got "ftp://x")',
    ],
    [{ ITINERARY_DEV_LOGIN: 'yes' }, 'Invalid configuration: ITINERARY_DEV_LOGIN must be 1 or 0 (got "yes")'],
    [
      { ITINERARY_DEV_LOGIN: '1', NODE_ENV: 'production' },
      'Invalid configuration: ITINERARY_DEV_LOGIN must not be enabled when NODE_ENV=production (got "1")',
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });
});
