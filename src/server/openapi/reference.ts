/** The API description shaped for the /developers page: the same facts as the OpenAPI document. */
import { type Access, type HttpMethod, TAGS, type TagName } from '#server/http/endpoint';
import { type JsonSchema, isJsonAnswer } from './json-schema';
import { accessNoteOf, errorsOf, parametersOf } from './operation-parts';
import { type Operation, operationId, operations } from './operations';

export type { Access } from '#server/http/endpoint';

export interface ReferenceParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  /** A short type, e.g. `integer`, `upcoming | ongoing | ended`, `string (≤ 100)`. */
  type: string;
}

export interface ReferenceEndpoint {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string | null;
  access: Access;
  accessNote: string;
  parameters: ReferenceParameter[];
  request: { contentType: string; example: string } | null;
  response: { status: number; description: string; contentType: string | null; example: string | null };
  errors: { status: number; meaning: string }[];
}

export interface ReferenceGroup {
  tag: TagName;
  description: string;
  endpoints: ReferenceEndpoint[];
}

function shortType(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== '').join(' | ');
    return schema.default === undefined ? values : `${values} (default ${JSON.stringify(schema.default)})`;
  }
  const type = String(schema.type ?? 'string');
  const limits = [
    typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : '',
    typeof schema.maximum === 'number' ? `≤ ${schema.maximum}` : '',
    typeof schema.maxLength === 'number' ? `≤ ${schema.maxLength} characters` : '',
  ].filter(Boolean);
  const fallback = schema.default === undefined ? '' : `default ${JSON.stringify(schema.default)}`;
  const notes = [...limits, fallback].filter(Boolean);
  return notes.length ? `${type} (${notes.join(', ')})` : type;
}

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function toFormBody(example: unknown): string {
  return new URLSearchParams(Object.entries(example as Record<string, string>)).toString();
}

function referenceEndpoint(operation: Operation): ReferenceEndpoint {
  const { answer } = operation;
  return {
    id: operationId(operation),
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    description: operation.description ?? null,
    access: operation.access,
    accessNote: accessNoteOf(operation),
    parameters: parametersOf(operation).map((parameter) => ({
      name: parameter.name,
      in: parameter.in as 'path' | 'query',
      required: parameter.required,
      description: 'description' in parameter ? String(parameter.description) : '',
      type: shortType(parameter.schema as JsonSchema),
    })),
    request: operation.body
      ? operation.body.form
        ? { contentType: 'application/x-www-form-urlencoded', example: toFormBody(operation.body.example) }
        : { contentType: 'application/json', example: pretty(operation.body.example) }
      : null,
    response: {
      status: answer.status,
      description: answer.description,
      contentType: isJsonAnswer(answer) ? (answer.contentType ?? 'application/json') : (answer.contentType ?? null),
      example:
        answer.example !== undefined
          ? pretty(answer.example)
          : !isJsonAnswer(answer) && answer.location
            ? `Location: ${answer.location}`
            : null,
    },
    errors: errorsOf(operation),
  };
}

/** Every endpoint grouped by topic, in the document's order, for /developers to render. */
export function apiReference(): ReferenceGroup[] {
  const all = operations();
  return TAGS.map((tag) => ({
    tag: tag.name,
    description: tag.description,
    endpoints: all.filter((operation) => operation.tag === tag.name).map(referenceEndpoint),
  }));
}
