/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('#i18n/locales').LocaleCode;
    t: import('#i18n/translate').Translate;
    /** The request's validated session (memoized; null when anonymous or invalid). */
    session: () => Promise<import('#server/auth/session').SessionValidation>;
    /** Set by pages that render the same HTML for everyone (see server/page-cache.ts). */
    cachePolicy?: import('#server/cache/page-cache').CachePolicy;
  }
}

/** The jam version player's scripts, in load order (scripts/jam-player-files.ts, ADR 050). */
declare const __JAM_PLAYER_SCRIPTS__: string[];
