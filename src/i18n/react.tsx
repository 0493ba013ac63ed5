import type { i18n as I18n } from 'i18next';
import { type ComponentType, type ReactNode, useCallback, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from './codes';
import type { IslandMessages } from './island';
import { type Translate, createI18n } from './setup';

const instances = new Map<string, I18n>();

/**
 * One i18next instance per locale in the browser (made by setup.ts, like the server's); every
 * island adds the messages it brought, and the English it brought for the keys its locale lacks.
 */
function instanceFor({ locale, resources, english }: IslandMessages): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, {});
    instances.set(locale, instance);
  }
  instance.addResources(locale, 'translation', resources);
  if (english) instance.addResources(DEFAULT_LOCALE, 'translation', english);
  return instance;
}

/**
 * Wraps an island so it and the shared components inside it translate with react-i18next.
 * The page passes `islandMessages(locale, prefixes)`, which brings English for the gaps.
 */
export function IslandI18n({ messages, children }: { messages: IslandMessages; children: ReactNode }) {
  const instance = useMemo(() => instanceFor(messages), [messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/** The island's translator: react-i18next's `t`, narrowed to the keys English has. */
export function useT(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>((key, options) => t(key, options ?? {}), [t]);
}

/** The island's locale code (`ir` for Irish, as in its URL). */
export const useLanguage = (): string => useTranslation().i18n.language;

/**
 * Makes a component an island that translates with the messages its page passes:
 * `export default translated(Clock)` takes Clock's props plus `messages`.
 */
export function translated<Props extends object>(Component: ComponentType<Props>) {
  return function TranslatedIsland({ messages, ...props }: Props & { messages: IslandMessages }) {
    return (
      <IslandI18n messages={messages}>
        <Component {...(props as Props)} />
      </IslandI18n>
    );
  };
}
