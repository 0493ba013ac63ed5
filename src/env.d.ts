/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./i18n/locales').LocaleCode;
    t: import('./i18n/translate').Translate;
  }
}
