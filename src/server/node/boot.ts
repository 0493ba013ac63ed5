import { AsyncLocalStorage } from 'node:async_hooks';
import { type PageChangesLog, openPageChangesLog } from '#server/platform/page-changes-log';
import type { Change } from '#server/platform/changes';
import { config } from '#server/platform/config';
import { type RequestState, host, installHost } from '#server/platform/host';
import { ensureAdmins } from '#server/users/users';
import { sweepExpired } from '#server/jobs/sweep';
import { type Database, migrateDatabase, openDatabase } from './database';
import { openReplica } from './replica';
import { filesFolder, folderFileStore } from './file-store';
import { keyedTurns } from '#server/platform/one-after-another';

const SWEEP_MS = 60 * 60 * 1000;

/**
 * Everything the server needs before its first request: its database installed for the core (one
 * handle for the host and the Astro build), migrated, the bootstrap admins, no expired sessions.
 * `npm run db:migrate` and `npm run db:seed` run the same against any DATABASE_URL, a remote libSQL
 * server's included (never against DATABASE_REPLICA: they talk to the primary).
 */
export async function prepareDatabase({ migrated = false } = {}): Promise<Database> {
  const database = await openDatabase(config().DATABASE_URL, config().DATABASE_AUTH_TOKEN);
  // A request's Idempotency-Key and deadline reach its database calls through its awaits (ADR 047).
  installHost({
    database,
    requestContext: new AsyncLocalStorage<RequestState>(),
    oneAfterAnother: keyedTurns(),
    // Uploaded files (ADR 050): a folder beside the database.
    files: folderFileStore(filesFolder(config().ITINERARY_FILES_DIR, config().DATABASE_URL)),
  });
  // A server process of a cluster: its primary has prepared the database already.
  if (migrated) return database;
  await migrateDatabase(database);
  await ensureAdmins(config().ITINERARY_ADMINS, database);
  await sweepExpired();
  return database;
}

/**
 * The server's database: the primary prepared as above, then, with DATABASE_REPLICA, an embedded
 * replica of it, synced once before the first request and every DATABASE_SYNC_INTERVAL seconds after
 * (ADR 032). The changes to public pages this server announces are written for the other servers,
 * and a sync that brings new frames reads the changes it brought (ADR 056): each makes the pages that show it due
 * for a re-render (ADR 045: the first reader renders it, the others get the previous page meanwhile,
 * and a page is rendered again at most once per refresh interval).
 */
export async function prepareServerDatabase({ migrated = false } = {}): Promise<void> {
  const primary = await prepareDatabase({ migrated });
  const { DATABASE_REPLICA, DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_SYNC_INTERVAL } = config();
  if (!DATABASE_REPLICA) return;
  // Opened once the replica is: a sync before that finds no page to make due.
  let log: PageChangesLog | null = null;
  const replica = await openReplica({
    path: DATABASE_REPLICA,
    primaryUrl: DATABASE_URL,
    authToken: DATABASE_AUTH_TOKEN,
    primary: primary.$client,
    onNewFrames: () => void (log && applyChangesBrought(log)),
  });
  const opened = await openPageChangesLog(primary, replica.database);
  log = opened;
  installHost({
    database: replica.database,
    primary,
    replicaSynced: () => replica.sync.caughtUp(),
    shareChange: (change) => void opened.share(change),
  });
  replica.sync.start(DATABASE_SYNC_INTERVAL * 1000);
}

/** The changes a sync brought (other servers' and this one's own), each applied to this server's pages, none shared again. */
async function applyChangesBrought(log: PageChangesLog): Promise<void> {
  const apply = (change: Change) => host().pageStore?.invalidate(change);
  try {
    for (const change of await log.readNew()) apply(change);
  } catch (error) {
    // Unread, anything may have changed: every page is due, as for a change that shows anywhere.
    console.error(`Could not read the other servers' page changes: ${String(error)}`);
    apply({ kind: 'elsewhere' });
  }
}

export function sweepExpiredHourly(): void {
  setInterval(() => {
    sweepExpired().catch((error: unknown) => console.error('Could not delete expired sessions:', error));
  }, SWEEP_MS).unref();
}
