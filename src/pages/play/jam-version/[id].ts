import type { APIRoute } from 'astro';
import { DEFAULT_LOCALE, isLocaleCode, localeByCode } from '#i18n/locales';
import { translator } from '#i18n/translate';
import { entryIdSchema } from '#lib/schemas/entries';
import { playerPage } from '#server/entries/jam-version-player';

/** The jam version's player, framed by the entry page (ADR 050); `?lang=` names the stage's label. */
export const GET: APIRoute = ({ params, url, rewrite }) => {
  if (!entryIdSchema.safeParse(params.id).success) return rewrite('/404');
  const asked = url.searchParams.get('lang');
  const locale = asked && isLocaleCode(asked) ? asked : DEFAULT_LOCALE;
  const t = translator(locale);
  return playerPage(__JAM_PLAYER_SCRIPTS__, {
    title: t('jamVersion.playerTitle'),
    stage: t('jamVersion.stage'),
    lang: localeByCode(locale).lang,
  });
};
