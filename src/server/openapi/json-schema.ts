/** zod schemas as the document's JSON Schema: request input inline, answers as named components. */
import { z } from 'zod';
import type { AnswerSpec, JsonAnswer } from '#server/http/endpoint';
import { apiSchemas } from './schemas';

export type JsonSchema = Record<string, unknown>;

export const isJsonAnswer = (answer: AnswerSpec): answer is JsonAnswer => 'schema' in answer && answer.schema !== undefined;

const SAFE_INTEGER_BOUNDS = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/** Leaves out what zod adds that only makes the document noisy. */
function tidy(schema: JsonSchema, { open }: { open: boolean }): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const copy: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === '$id') continue;
      if ((key === 'minimum' || key === 'maximum') && SAFE_INTEGER_BOUNDS.includes(value as number)) continue;
      // Answers may gain fields later; clients should ignore the ones they do not know.
      if (open && key === 'additionalProperties' && value === false) continue;
      copy[key] = visit(value);
    }
    if (copy.format === 'date-time') delete copy.pattern;
    // A record over an enum (e.g. kudos per sticker) requires every key: name them as properties.
    const { required, properties, additionalProperties } = copy;
    if (Array.isArray(required) && !properties && additionalProperties && typeof additionalProperties === 'object')
      copy.properties = Object.fromEntries(required.map((key: string) => [key, additionalProperties]));
    return copy;
  };
  return visit(schema) as JsonSchema;
}

/** Request input as the endpoint accepts it: dates as date-time strings, transforms seen from their input. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return tidy(
    z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const def = zodSchema._zod.def as { type: string; out?: z.ZodType };
        const isDate = def.type === 'date' || (def.type === 'pipe' && def.out?._zod.def.type === 'date');
        if (isDate) Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      },
    }) as JsonSchema,
    { open: false },
  );
}

const COMPONENT_URI = (id: string) => `#/components/schemas/${id}`;

export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: COMPONENT_URI });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema as JsonSchema, { open: true })]));
}

export const refTo = (schema: z.ZodType): JsonSchema => {
  const id = apiSchemas.get(schema)?.id;
  if (!id) throw new Error('An answer schema is not registered in apiSchemas.');
  return { $ref: COMPONENT_URI(id) };
};
