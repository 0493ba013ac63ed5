/**
 * The theme's public side (ADR 043): the schedule always; the theme and every round's results only
 * once the jam has started, for everyone (managers too), as mystery mode hides a body.
 */
import { sql } from 'drizzle-orm';
import type { Jam } from '#db/schema';
import type { ThemeResultsDto } from '#lib/schemas/themes';
import { db } from '#server/platform/db';
import { revealedTheme } from '#lib/themes';
import { finalOrder, toThemeRounds } from './theme-rounds';

type ResultRow = {
  id: number;
  text: string;
  suggestedBy: string | null;
  yes: number;
  no: number;
  looks: number;
  share: number;
  finalist: number;
  votes: number;
};

export async function themeResults(jam: Jam, now = Date.now()): Promise<ThemeResultsDto> {
  const theme = revealedTheme(jam, now);
  const rows =
    jam.themeRounds && theme !== null
      ? await db().all<ResultRow>(sql`select r.id, r.text, u.name as suggestedBy, r.yes, r.no, r.looks, r.share,
          r.finalist, (case when r.finalist then r.votes else 0 end) as votes
          from (${finalOrder(jam.id)}) r left join users u on u.id = r.suggestedById order by r.place`)
      : [];
  return {
    ...toThemeRounds(jam, now),
    theme,
    results: rows.map((row) => ({
      ...row,
      share: Math.round(Number(row.share) * 1000) / 1000,
      finalist: Boolean(row.finalist),
      yes: Number(row.yes),
      no: Number(row.no),
      looks: Number(row.looks),
      votes: Number(row.votes),
    })),
  };
}
