import slugify from 'slugify';
import { type SQL, sql } from 'drizzle-orm';
import { jamSlugRedirects, jams } from '#db/schema';

/** Words that are routes of their own under /jams/. */
export const RESERVED_SLUGS = new Set(['new', 'request']);
const MAX_SLUG_LENGTH = 60;
/** Candidates tried in one write: more only when ten jams already share a name. */
const SLUGS_PER_TRY = 10;

export function baseSlug(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, trim: true }).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
  return slug || 'jam';
}

/** The slugs a name may take, best first: `name`, `name-2`, `name-3`… from the `from`th on, never a reserved word. */
function slugCandidates(name: string, from = 1, count = SLUGS_PER_TRY): string[] {
  const base = baseSlug(name);
  const candidates: string[] = [];
  for (let n = from; n < from + count; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
    if (!RESERVED_SLUGS.has(candidate)) candidates.push(candidate);
  }
  return candidates;
}

/**
 * The first of the name's candidates that no other jam uses now or used before, chosen by the
 * database as the write runs (so two jams of one name written at once get two slugs), or NULL when
 * all are taken (the jam's NOT NULL slug then refuses the write: see `withFreeSlug`). A jam may take
 * back its own slug or one of its own old ones (`ownJamId`).
 */
function freeSlug(candidates: string[], ownJamId?: number): SQL {
  const rows = sql.join(
    candidates.map((candidate, index) => sql`(${index}, ${candidate})`),
    sql`, `,
  );
  const otherJam = ownJamId === undefined ? sql`1` : sql`${jams.id} <> ${ownJamId}`;
  const otherJamsOld = ownJamId === undefined ? sql`1` : sql`${jamSlugRedirects.jamId} <> ${ownJamId}`;
  return sql`(select c.column2 from (values ${rows}) as c
    where not exists (select 1 from ${jams} where ${jams.slug} = c.column2 and ${otherJam})
      and not exists (select 1 from ${jamSlugRedirects} where ${jamSlugRedirects.slug} = c.column2 and ${otherJamsOld})
    order by c.column1 limit 1)`;
}

const noFreeSlug = (error: unknown) =>
  error instanceof Error &&
  /NOT NULL constraint failed: jams\.slug/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

/**
 * Runs a write that gives a jam `slug` (SQL choosing a free slug for the name as it runs), again with
 * the next candidates while every one tried is taken.
 */
export async function withFreeSlug<Result>(
  name: string,
  write: (slug: SQL) => Promise<Result>,
  ownJamId?: number,
): Promise<Result> {
  for (let from = 1; ; from += SLUGS_PER_TRY) {
    const candidates = slugCandidates(name, from);
    if (candidates.length === 0) continue;
    try {
      return await write(freeSlug(candidates, ownJamId));
    } catch (error) {
      if (!noFreeSlug(error)) throw error;
    }
  }
}
