import i18next, { type i18n as I18n } from 'i18next';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { IslandMessages } from './island';

const instances = new Map<string, I18n>();

/** One i18next instance per locale in the browser; every island adds the messages it brought. */
function instanceFor({ locale, resources }: IslandMessages): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: false,
      resources: {},
      initAsync: false,
      interpolation: { escapeValue: false },
      keySeparator: false,
      nsSeparator: false,
      returnNull: false,
      react: { useSuspense: false },
    });
    instances.set(locale, instance);
  }
  instance.addResources(locale, 'translation', resources);
  return instance;
}

/**
 * Wraps an island so it and the shared components inside it translate with react-i18next.
 * The page passes `islandMessages(locale, prefixes)`; English already fills the gaps there.
 */
export function IslandI18n({ messages, children }: { messages: IslandMessages; children: ReactNode }) {
  const instance = useMemo(() => instanceFor(messages), [messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/** The island's translator (react-i18next's `t`). */
export const useT = () => useTranslation().t;

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
