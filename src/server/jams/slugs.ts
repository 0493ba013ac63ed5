import slugify from 'slugify';
import { and, eq, ne } from 'drizzle-orm';
import { jamSlugRedirects, jams } from '#db/schema';
import type { Database } from '#server/platform/db';

/** Words that are routes of their own under /jams/. */
export const RESERVED_SLUGS = new Set(['new', 'request']);
const MAX_SLUG_LENGTH = 60;

export function baseSlug(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, trim: true }).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
  return slug || 'jam';
}

type Reader = Pick<Database, 'select'>;

/** A slug no other jam uses now or used before (old slugs keep redirecting), never a reserved word. */
export async function uniqueSlug(reader: Reader, name: string, ownJamId?: number): Promise<string> {
  const base = baseSlug(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
    if (RESERVED_SLUGS.has(candidate)) continue;
    const other = ownJamId === undefined ? undefined : ne(jams.id, ownJamId);
    const [taken] = await reader
      .select({ id: jams.id })
      .from(jams)
      .where(and(eq(jams.slug, candidate), other));
    if (taken) continue;
    const [redirect] = await reader
      .select({ jamId: jamSlugRedirects.jamId })
      .from(jamSlugRedirects)
      .where(
        and(eq(jamSlugRedirects.slug, candidate), ownJamId === undefined ? undefined : ne(jamSlugRedirects.jamId, ownJamId)),
      );
    if (redirect) continue;
    return candidate;
  }
}
