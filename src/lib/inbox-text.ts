/** What an inbox item says, in the reader's language (the page and the API's readers share the rules). */
import type { InboxItemDto } from './schemas/inbox';

type InboxTextKey =
  | 'inbox.someone'
  | 'inbox.yourEntry'
  | 'inbox.aJam'
  | 'inbox.kudos'
  | 'inbox.note'
  | 'inbox.heldNote'
  | 'inbox.heldText'
  | 'inbox.started'
  | 'inbox.startedMystery'
  | 'inbox.deadline'
  | 'inbox.votingEnds'
  | 'inbox.results'
  | 'inbox.resultsWon'
  | 'inbox.resultsChoice'
  | 'inbox.resultsPlace'
  | 'inbox.disqualified'
  | 'inbox.removed'
  | 'inbox.removedReported'
  | 'inbox.reason'
  | 'inbox.requestApproved'
  | 'inbox.requestDeclined'
  | 'inbox.reportJam'
  | 'inbox.reportEntry'
  | 'inbox.reportNote'
  | 'inbox.creditInvited'
  | 'inbox.creditAccepted'
  | 'inbox.creditDeclined'
  | 'inbox.lateWindow'
  | 'inbox.judgeInvited'
  | 'inbox.judgeAccepted'
  | 'inbox.judgeDeclined'
  | 'inbox.judgeFeedback'
  | 'inbox.themeSuggestionsOpen'
  | 'inbox.themeFinalOpen'
  | 'inbox.themeOut';
type T = (key: InboxTextKey, options?: Record<string, string | number>) => string;

export interface InboxText {
  text: string;
  /** A second line: the reason given, when there is one. */
  detail: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** `2026-03-02 18:00 UTC` from an ISO time: the same in every language, and unmistakable. */
const utcMinute = (value: unknown): string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? `${value.slice(0, 10)} ${value.slice(11, 16)} UTC` : '';

export function inboxText(item: InboxItemDto, t: T): InboxText {
  const jam = item.jam?.name ?? str(item.data.jamName) ?? t('inbox.aJam');
  const entry = item.entry?.title ?? str(item.data.title) ?? t('inbox.yourEntry');
  const reason = str(item.data.reason);
  const detail = reason ? t('inbox.reason', { reason }) : null;
  const people = Math.max(1, item.people);
  // The place of their entry in a results item, out of how many (issue 57).
  const place = item.kind === 'results' && typeof item.data.place === 'number' && typeof item.data.of === 'number';
  const placeLine = place ? t('inbox.resultsPlace', { place: item.data.place as number, total: item.data.of as number }) : null;
  const text = ((): string => {
    switch (item.kind) {
      case 'kudos':
        return t('inbox.kudos', { count: people, name: item.actor ?? t('inbox.someone'), entry });
      case 'note':
        return t('inbox.note', { count: people, name: item.actor ?? t('inbox.someone'), entry });
      case 'jam-started':
        return t(item.data.mystery ? 'inbox.startedMystery' : 'inbox.started', { jam });
      case 'deadline-soon':
        return t('inbox.deadline', { jam });
      case 'voting-ends-soon':
        return t('inbox.votingEnds', { jam });
      case 'results':
        return t(item.data.won ? 'inbox.resultsWon' : item.data.communityChoice ? 'inbox.resultsChoice' : 'inbox.results', {
          jam,
        });
      case 'entry-disqualified':
        return t('inbox.disqualified', { entry, jam });
      case 'entry-removed':
        return t(item.data.reported ? 'inbox.removedReported' : 'inbox.removed', { entry, jam });
      case 'request-approved':
        return t('inbox.requestApproved', { jam });
      case 'request-declined':
        return t('inbox.requestDeclined', { name: str(item.data.name) ?? jam });
      case 'report':
        if (item.data.held) return item.data.item === 'text' ? t('inbox.heldText', { jam }) : t('inbox.heldNote', { entry, jam });
        return item.data.item === 'note'
          ? t('inbox.reportNote', { entry, jam })
          : item.data.item === 'entry' || item.entry
            ? t('inbox.reportEntry', { entry, jam })
            : t('inbox.reportJam', { jam });
      case 'credit-invited':
        return t('inbox.creditInvited', { name: item.actor ?? t('inbox.someone'), entry, jam });
      case 'credit-accepted':
        return t('inbox.creditAccepted', { name: item.actor ?? t('inbox.someone'), entry });
      case 'credit-declined':
        return t('inbox.creditDeclined', { name: item.actor ?? t('inbox.someone'), entry });
      case 'late-window':
        return t('inbox.lateWindow', { jam, until: utcMinute(item.data.until) });
      case 'judge-invited':
        return t('inbox.judgeInvited', { name: item.actor ?? t('inbox.someone'), jam });
      case 'judge-accepted':
        return t('inbox.judgeAccepted', { name: item.actor ?? t('inbox.someone'), jam });
      case 'judge-declined':
        return t('inbox.judgeDeclined', { name: item.actor ?? t('inbox.someone'), jam });
      case 'judge-feedback':
        return t('inbox.judgeFeedback', { count: Math.max(1, item.count), entry });
      case 'theme-suggestions-open':
        return t('inbox.themeSuggestionsOpen', { jam });
      case 'theme-final-open':
        return t('inbox.themeFinalOpen', { jam });
      case 'theme-out':
        return t('inbox.themeOut', { jam, theme: str(item.data.theme) ?? '' });
    }
  })();
  return { text, detail: detail ?? placeLine };
}
