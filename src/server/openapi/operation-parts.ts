/** The parts of an operation the OpenAPI document and the /developers page both show. */
import type { Access } from '#server/http/endpoint';
import { type JsonSchema, inputSchema } from './json-schema';
import type { Operation } from './operations';

const ERROR_MEANINGS: Record<number, string> = {
  400: 'The input is invalid; `message` says which field and why.',
  401: 'Not logged in, or the session has ended.',
  403: 'Not allowed (wrong role, or banned: code `banned`).',
  404: 'No such jam, entry or user.',
  409: 'Not possible in the current state (e.g. jam not ongoing, vote limit reached, already entered).',
  429: 'Too many attempts; try again in a minute.',
  502: 'The code host did not answer; try again later.',
  503: 'Scratch or the database could not be reached; try again later.',
};

const ACCESS_NOTES: Record<Access, string> = {
  public: 'Anyone; no session needed.',
  'optional-session': 'Anyone; a session may show more (e.g. a mystery body to managers).',
  user: 'A logged-in user who is not banned.',
  manager: 'A manager of this jam or an administrator.',
  admin: 'An administrator.',
};

/** Who may call: the declaration's own note when it is narrower than its access level. */
export const accessNoteOf = (operation: Operation) => operation.accessNote ?? ACCESS_NOTES[operation.access];

export const errorMeaning = (status: number) => ERROR_MEANINGS[status] ?? 'Error.';

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
  return [...pathParams, ...queryParams];
}
