import type { IslandMessages } from '../i18n/island';
import { IslandI18n } from '../i18n/react';
import JamForm from './JamForm';

/** The /jams/new form as an island. */
export default function CreateJam({ messages, redirectTo }: { messages: IslandMessages; redirectTo: string }) {
  return (
    <IslandI18n messages={messages}>
      <JamForm redirectTo={redirectTo} />
    </IslandI18n>
  );
}
