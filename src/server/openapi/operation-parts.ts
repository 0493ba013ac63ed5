/** The parts of an operation the OpenAPI document and the /developers page both show. */
import { type Access, takesIdempotencyKey } from '#server/http/endpoint';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '#server/http/idempotency';
import { WHO_MAY } from '#server/auth/permissions';
import { type JsonSchema, inputSchema } from './json-schema';
import type { Operation } from './operations';

const ERROR_MEANINGS: Record<number, string> = {
  400: 'The input is invalid; `message` says which field and why.',
  401: 'Not logged in, or the session has ended.',
  403: 'Not allowed (wrong role, or banned: code `banned`).',
  404: 'No such jam, entry or user.',
  409: 'Not possible in the current state (e.g. jam not ongoing, vote limit reached, already entered), or a request with the same `Idempotency-Key` is still being answered or lost its answer.',
  422: 'The `Idempotency-Key` was already used with another request (another path or body); send a new key.',
  429: 'Too many attempts; try again in a minute.',
  413: 'The request body is too large (over 64 KiB).',
  500: 'Something went wrong on our side (it is logged); try again later.',
  502: 'Scratch or the code host did not answer; try again later.',
  503: 'The database is busy or could not be reached (nothing was written), or is not migrated yet; try again after `Retry-After` seconds when it is sent.',
};

const ACCESS_NOTES: Record<Access, string> = {
  public: 'Anyone; no session needed.',
  'optional-session': 'Anyone; a session may show more (e.g. a mystery body to managers).',
  user: 'A logged-in user who is not banned.',
  manager: 'A manager of this jam or an administrator.',
  admin: 'An administrator.',
};

/** Who may call: the rule the service checks (its line of `WHO_MAY`), else the note, else the access level's. */
export const accessNoteOf = (operation: Operation) =>
  (operation.permission && WHO_MAY[operation.permission]) ?? operation.accessNote ?? ACCESS_NOTES[operation.access];

const CROSS_SITE = 'A change sent from another site is refused.';
const isWrite = (operation: Operation) => operation.method !== 'GET';

/**
 * The `{error:{…}}` answers of an operation: the ones its handler gives (its declaration's `errors`)
 * and the ones the server gives to any call: 403 to a cross-site write (the origin check), 413 to a
 * body over the limit, 500 when something breaks, and 503 when the database is busy or unreachable.
 */
export function errorsOf(operation: Operation): { status: number; meaning: string }[] {
  const declared = new Set<number>(operation.errors ?? []);
  const statuses = [...declared];
  if (isWrite(operation) && !declared.has(403)) statuses.push(403);
  if (operation.body) statuses.push(413);
  // The Idempotency-Key's own answers: a malformed key, a key in use or whose answer was lost, a key reused.
  if (takesIdempotencyKey(operation)) statuses.push(400, 409, 422);
  statuses.push(500, 503);
  return [...new Set(statuses)]
    .sort((a, b) => a - b)
    .map((status) => {
      if (status !== 403 || !isWrite(operation)) return { status, meaning: ERROR_MEANINGS[status] ?? 'Error.' };
      return { status, meaning: declared.has(403) ? `${ERROR_MEANINGS[403]} ${CROSS_SITE}` : CROSS_SITE };
    });
}

/** The request header of the IETF draft "The Idempotency-Key HTTP Header Field" (ADR 047). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'A unique key per request (a UUID), reused when the same request is sent again. Within 24 hours, the same key with ' +
    'the same body answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another ' +
    'body, 422; while the first is still being answered, or when its answer was lost, 409. Without it the request is ' +
    'carried out each time it is sent.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};

export function parametersOf(operation: Operation) {
  const pathParams = Object.entries(operation.params ?? {}).map(([name, { description, schema }]) => {
    const { type = 'string' } = inputSchema(schema);
    return { name, in: 'path', required: true, description, schema: { type } };
  });
  const query = operation.query ? inputSchema(operation.query.schema) : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const notes = (operation.query?.notes ?? {}) as Record<string, string | undefined>;
  const types = (operation.query?.types ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const queryParams = Object.entries((query?.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(notes[name] ? { description: notes[name] } : {}),
      schema: { ...schema, ...types[name] },
    }),
  );
  return [...pathParams, ...queryParams, ...(takesIdempotencyKey(operation) ? [idempotencyKeyParameter] : [])];
}
