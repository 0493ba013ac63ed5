import { type ComponentType, type ReactNode, createContext, useContext, useMemo } from 'react';
import { renderedByReact } from '#lib/astro-renderer';
import { DEFAULT_LOCALE } from './codes';
import type { IslandMessages } from './island';
import { islandTranslator } from './island-translate';
import type { Translate } from './setup';

interface IslandLanguage {
  locale: string;
  t: Translate;
}

const IslandContext = createContext<IslandLanguage>({ locale: DEFAULT_LOCALE, t: (key) => key });

/**
 * Gives an island and the shared components inside it the messages its page passed (with the
 * English its locale lacks), translated as the server translates (island-translate.ts).
 */
export function IslandI18n({ messages, children }: { messages: IslandMessages; children: ReactNode }) {
  const value = useMemo(() => ({ locale: messages.locale, t: islandTranslator(messages) }), [messages]);
  return <IslandContext.Provider value={value}>{children}</IslandContext.Provider>;
}

/** The island's translator, narrowed to the keys English has. */
export const useT = (): Translate => useContext(IslandContext).t;

/** The island's locale code (`ir` for Irish, as in its URL). */
export const useLanguage = (): string => useContext(IslandContext).locale;

/**
 * Makes a component an island that translates with the messages its page passes:
 * `export default translated(Clock)` takes Clock's props plus `messages`.
 */
export function translated<Props extends object>(Component: ComponentType<Props>) {
  return renderedByReact(function TranslatedIsland({ messages, ...props }: Props & { messages: IslandMessages }) {
    return (
      <IslandI18n messages={messages}>
        <Component {...(props as Props)} />
      </IslandI18n>
    );
  });
}
