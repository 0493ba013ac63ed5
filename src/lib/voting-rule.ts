/** Why the rules keep someone from voting in a jam, as the key of its text (the islands and the API agree on it). */
import type { MyVotesDto } from './schemas/entries';

export type VotingRuleKey = 'voting.only.judges' | 'voting.only.participants' | 'voting.only.entrants';

/** Null when the rules let the person vote: a judges-only jam's judges (ADR 040), or "Who can vote". */
export function votingRuleRefusal(votes: Pick<MyVotesDto, 'eligible' | 'whoCanVote' | 'whoJudges'>): VotingRuleKey | null {
  if (votes.eligible) return null;
  if (votes.whoJudges === 'judges') return 'voting.only.judges';
  return votes.whoCanVote === 'anyone' ? null : `voting.only.${votes.whoCanVote}`;
}
