import { FILTER_WORD_MESSAGE, filterWordSchema, filterWordsSchema } from '#lib/schemas/notes';
import { defineEndpoint, param } from '#server/http/endpoint';
import { badRequest } from '#server/platform/errors';
import { addWord, removeWord } from '#server/feedback/words';
import { exampleFilterWords } from '#server/openapi/examples';

const word = {
  word: param(
    'The word: letters of any language, single spaces, hyphens or apostrophes between them, at most 40 characters; stored lower case.',
    filterWordSchema,
    () => badRequest(FILTER_WORD_MESSAGE),
  ),
};

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Moderation',
  summary: 'Add a word to the note filter',
  description:
    'Notes with the word (where a word starts: `poop` stops “poopy”, not “nincompoop”) are refused from now on. Adding a word again changes nothing. Audited (`filter.add-word`). Administrators only.',
  access: 'admin',
  params: word,
  answer: { status: 200, description: 'All the words, A to Z.', schema: filterWordsSchema, example: exampleFilterWords },
  errors: [400, 401, 403],
  handler: ({ user, params }) => addWord(user, params.word),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Moderation',
  summary: 'Remove a word from the note filter',
  description: 'Audited (`filter.remove-word`). A word that is not in the list answers 404. Administrators only.',
  access: 'admin',
  params: word,
  answer: { status: 204, description: 'Removed.' },
  errors: [400, 401, 403, 404],
  handler: ({ user, params }) => removeWord(user, params.word),
});
