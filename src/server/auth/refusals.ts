/**
 * Every 403 text in one table (issue 55 §5): what a person is told when the rules say no. Services
 * throw `refused(key)`; the rule itself stays in `can` (permissions.ts). The texts are the API's
 * and the islands show them as they come (a toast, a hint under a button), so a change here is a
 * change of what people read: the API tests hold them.
 */
import { AppError } from '#server/platform/errors';

export const REFUSALS = {
  /** Site-wide administrator actions (permissions.ts `refusal`, `requireAdministrator`). */
  administrators: 'Only administrators can do that.',
  /** A jam's manager actions. */
  'jam-managers': 'Only managers of this jam and administrators can do that.',
  /** The origin check of every write (src/server/middleware/origin-check.ts). */
  'cross-site': 'This request came from another site, so it was refused.',
  moderation: 'Only administrators and the managers of a jam can see reports.',
  'held-text:review': 'Only administrators decide on a jam’s own texts; managers decide on the rest of their jams.',
  'entry:submit-not-own': 'You can only submit projects you own',
  'entry:remove': 'Only the people credited on an entry, managers of this jam and administrators can remove an entry.',
  'entry:refresh': 'Only the people credited on an entry, managers of this jam and administrators can refresh an entry.',
  'entry:answer': 'Only the people credited on an entry can change its answers.',
  'entry:upload-jam-version': 'Only the people credited on an entry can upload its jam version.',
  'entry:read-answers': 'Only the people credited on an entry, managers of this jam and administrators can read all its answers.',
  'entry:invite-co-creator': 'Only the person who submitted this entry can invite co-creators.',
  'entry:change-team': 'Only the entry’s submitter can change its team; co-creators can leave it.',
  'note:delete': 'Only the person who wrote a note and the entry’s author can delete it.',
  'jam-request:withdraw': 'Only the person who sent a jam request can withdraw it; decline it instead.',
  'jam:leave-not-manager': 'You are not a manager of this jam.',
  'kudos:own-entry': 'You can’t give kudos to your own entry, but you can see what others gave it.',
  'upvote:own-entry': 'You cannot upvote your own project.',
  'rate:own-entry': 'You cannot rate your own project.',
  /** "Who can vote" (the vote button and the theme rounds say it too). */
  'vote:participants': 'Only participants of this jam can vote.',
  'vote:entrants': 'Only entrants of this jam can vote.',
  /** ADR 040: in a judges-only jam only its judges vote or rate. */
  'vote:judges-only': 'Only this jam’s judges can vote or rate its entries. You can still play them and cheer the teams on!',
  'upvote:play-first': 'Play this entry before you upvote it: this jam counts votes only for entries the voter has opened.',
  'rate:play-first': 'Play this entry before you rate it: this jam counts ratings only for entries the rater has opened.',
  'judge-feedback:read':
    'Judges’ feedback is private: only the entry’s team, the jam’s managers and the judge who wrote it can read it.',
  'judge-feedback:judges-only': 'Only this jam’s judges can leave private feedback on its entries.',
  'judge-feedback:own-entry': 'You cannot leave judges’ feedback on your own project.',
} as const;

export type RefusalKey = keyof typeof REFUSALS;

/** The 403 (`forbidden`) with the table's text. */
export const refused = (key: RefusalKey): AppError => new AppError(403, 'forbidden', REFUSALS[key]);
