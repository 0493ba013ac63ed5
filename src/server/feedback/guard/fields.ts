/**
 * The one table of texts one person writes that others read (issue 53 §1): every free-text field of
 * a write schema (src/lib/schemas) is either guarded here or excepted with its reason, and
 * tests/unit/guarded-fields.test.ts fails when a schema grows a field that is neither.
 *
 * Keys are `{schema export}.{path}` (`[]` an array's items, `{}` a record's values).
 *
 * - `kind`: `plain` texts are judged whole; `markdown` (a jam's body) has its web and mail
 *   addresses taken out first (the renderer decides which may link: only Scratch's for anyone but
 *   an administrator).
 * - `held`: what a text the guard holds becomes. `queue`: kept, shown only to its author ("waiting
 *   for a moderator") until a moderator approves it in the moderation queue — a note on its row
 *   (notes.held_at), a theme suggestion, a text answer or a jam's description or body in held_texts
 *   (../held-texts.ts), applied where it belongs when approved. `refuse`: a held text is refused
 *   with the hold's own kind message and nothing is stored, where a half-saved text would show
 *   something broken (a criterion or a question without its name, a jam's name, which is its
 *   address) or where the writer is a judge writing to one entrant (judge feedback, which a judge
 *   can rewrite at once). `moderators`: only moderators read the text anyway (a report's details, a
 *   request the administrators review), so it is kept as it is.
 */
export type GuardedKind = 'plain' | 'markdown';
export type HeldAs = 'queue' | 'refuse' | 'moderators';

export interface GuardedField {
  kind: GuardedKind;
  held: HeldAs;
}

const plain = (held: HeldAs): GuardedField => ({ kind: 'plain', held });

/** Jam texts a manager writes (name, description, body, criteria, questions), the same in a create, an update and a request. */
function jamTexts(schema: string, held: HeldAs, heldWords: HeldAs = held): Record<string, GuardedField> {
  return {
    [`${schema}.name`]: plain(held),
    [`${schema}.description`]: plain(heldWords),
    [`${schema}.body`]: { kind: 'markdown', held: heldWords },
    [`${schema}.criteria[].name`]: plain(held),
    [`${schema}.questions[].prompt`]: plain(held),
    [`${schema}.questions[].choices[]`]: plain(held),
  };
}

export const GUARDED_FIELDS: Readonly<Record<string, GuardedField>> = {
  'noteInputSchema.text': plain('queue'),
  'themeTextSchema.text': plain('queue'),
  'judgeFeedbackInputSchema.text': plain('refuse'),
  'reportInputSchema.text': plain('moderators'),
  'submitEntrySchema.answers{}': plain('queue'),
  'answersInputSchema{}': plain('queue'),
  'answersBodySchema.answers{}': plain('queue'),
  ...jamTexts('jamCreateSchema', 'refuse'),
  // A manager's description and body wait for an administrator; the old ones show meanwhile.
  ...jamTexts('jamUpdateSchema', 'refuse', 'queue'),
  ...jamTexts('jamRequestCreateSchema', 'moderators'),
  ...jamTexts('jamRequestUpdateSchema', 'moderators'),
  'jamRequestCreateSchema.note': plain('moderators'),
  'criterionInputSchema.name': plain('refuse'),
  'criteriaSchema[].name': plain('refuse'),
  'questionInputSchema.prompt': plain('refuse'),
  'questionInputSchema.choices[]': plain('refuse'),
  'questionsSchema[].prompt': plain('refuse'),
  'questionsSchema[].choices[]': plain('refuse'),
};

/** Free-text fields of write schemas that are not guarded, each with why. */
export const EXCEPTED_FIELDS: Readonly<Record<string, string>> = {
  accentColorSchema: 'A colour as #rrggbb, checked for contrast (ADR 049); no words.',
  'sb3ProjectSchema.extensions[]':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  'sb3ProjectSchema.targets[].blocks{}.opcode':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  'sb3ProjectSchema.targets[].costumes[].md5ext':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  'sb3ProjectSchema.targets[].costumes[].name':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  'sb3ProjectSchema.targets[].name':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  'sb3ProjectSchema.targets[].sounds[].md5ext':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  'sb3ProjectSchema.targets[].sounds[].name':
    'Read from an uploaded .sb3 (ADR 050) to check the project, never shown as text on the site: the sandboxed player draws the game; issue 56 leaves a child’s texts inside it alone.',
  bannerUrlSchema: 'A picture’s address on an allowed host, shown as an image, never as text.',
  'jamCreateSchema.accentColor': 'A colour as #rrggbb (ADR 049); no words.',
  'jamCreateSchema.bannerUrl': 'A picture’s address, shown as an image, never as text.',
  'jamUpdateSchema.accentColor': 'A colour as #rrggbb (ADR 049); no words.',
  'jamUpdateSchema.bannerUrl': 'A picture’s address, shown as an image, never as text.',
  'jamRequestCreateSchema.accentColor': 'A colour as #rrggbb (ADR 049); no words.',
  'jamRequestCreateSchema.bannerUrl': 'A picture’s address, shown as an image, never as text.',
  'jamRequestUpdateSchema.accentColor': 'A colour as #rrggbb (ADR 049); no words.',
  'jamRequestUpdateSchema.bannerUrl': 'A picture’s address, shown as an image, never as text.',
  'activityQuerySchema.jam': 'A query (a jam slug to filter by), never stored or shown to others.',
  'activityQuerySchema.user': 'A query (a username to filter by), never stored or shown to others.',
  'jamActivityQuerySchema.user': 'A query (a username to filter by), never stored or shown to others.',
  'loginStartQuerySchema.locale': 'A locale code for the login redirect; never shown as text.',
  'loginCallbackQuerySchema.privateCode': 'The login provider’s code, checked and thrown away.',
  'loginTokenFormSchema.locale': 'A locale code; never shown as text.',
  'devLoginFormSchema.locale': 'A locale code; never shown as text.',
  'removeSessionQuerySchema.token': 'A session token, hashed and compared; never shown.',
  httpUrlSchema: 'A web address (http or https only), shown as a picture or a Scratch link, never as text to read.',
  isoDateTime: 'An ISO date and time.',
  'contributorSchema.name': 'The repository’s contributors, read from GitHub at build time, not written by users.',
  'contributorSchema.avatarUrl': 'A GitHub picture address, not written by users.',
  'contributorSchema.profileUrl': 'A GitHub profile address, not written by users.',
  'submitEntrySchema.url': 'A Scratch project address: the entry’s texts come from Scratch, not from here.',
  entrySearchSchema: 'A search query, never stored or shown to others.',
  'entryListQuerySchema.q': 'A search query, never stored or shown to others.',
  'jamListQuerySchema.q': 'A search query, never stored or shown to others.',
  'userListQuerySchema.sort': 'A sort key of the administrators’ user list.',
  'userListQuerySchema.q': 'A search query of the administrators’ user list.',
  'userListQuerySchema.name': 'A filter of the administrators’ user list.',
  'userListQuerySchema.id': 'A filter of the administrators’ user list.',
  'userListQuerySchema.updatedBy': 'A filter of the administrators’ user list.',
  'jamCreateSchema.imageUrl': 'A picture address (http or https), shown as a picture, never as text.',
  'jamUpdateSchema.imageUrl': 'A picture address (http or https), shown as a picture, never as text.',
  'jamRequestCreateSchema.imageUrl': 'A picture address (http or https), shown as a picture, never as text.',
  'jamRequestUpdateSchema.imageUrl': 'A picture address (http or https), shown as a picture, never as text.',
  'declineJamRequestSchema.reason': 'Written by an administrator (only they may decline), read by the requester.',
  'markdownPreviewSchema.markdown': 'The jam form’s preview: rendered for its writer only, never stored.',
  filterWordSchema: 'The administrators’ blocked words, shown only to administrators.',
  'deleteAccountSchema.name': 'The person types their own username to confirm deleting their account; never stored.',
};
