/**
 * The one table of guarded fields (issue 53 §1): every free-text field of every write schema in
 * src/lib/schemas is either guarded (src/server/feedback/guard/fields.ts) or excepted with a
 * reason. A new free-text field fails here until someone decides which it is.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiSchemas } from '#lib/schemas/common';
import { EXCEPTED_FIELDS, GUARDED_FIELDS } from '#server/feedback/guard/fields';

const modules = import.meta.glob('../../src/lib/schemas/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

interface ZodDef {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  valueType?: unknown;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
}
const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } })?._zod?.def;

/** A string a person types freely: no pattern, no format (a regex-checked username or id is no free text). */
const isFreeText = (def: ZodDef) => !(def.checks ?? []).some((check) => check._zod.def.check === 'string_format');

/** The paths of a schema's free-text strings: `a.b`, `[]` for an array's items, `{}` for a record's values. */
function freeTextPaths(schema: unknown, path: string, out: Set<string>): Set<string> {
  const def = defOf(schema);
  if (!def) return out;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape ?? {})) freeTextPaths(value, path ? `${path}.${key}` : key, out);
      break;
    case 'array':
      freeTextPaths(def.element, `${path}[]`, out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      freeTextPaths(def.innerType, path, out);
      break;
    case 'pipe':
      freeTextPaths(def.in, path, out);
      break;
    case 'union':
      for (const option of def.options ?? []) freeTextPaths(option, path, out);
      break;
    case 'record':
      freeTextPaths(def.valueType, `${path}{}`, out);
      break;
    case 'string':
      if (isFreeText(def)) out.add(path);
      break;
  }
  return out;
}

/** Every free-text field of every write schema (the exported schemas that are not answers: those are registered by `named`). */
function writeSchemaFields(): string[] {
  const fields: string[] = [];
  for (const module of Object.values(modules)) {
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || apiSchemas.has(value)) continue;
      for (const path of freeTextPaths(value, '', new Set()))
        fields.push(!path || /^[[{]/.test(path) ? `${name}${path}` : `${name}.${path}`);
    }
  }
  return fields.sort();
}

describe('the guarded fields’ table', () => {
  const fields = writeSchemaFields();

  it('finds the write schemas’ free-text fields', () => {
    expect(fields).toContain('noteInputSchema.text');
    expect(fields).toContain('jamUpdateSchema.body');
    expect(fields).toContain('answersBodySchema.answers{}');
  });

  it('holds every free-text field of every write schema, guarded or excepted', () => {
    const missing = fields.filter((field) => !(field in GUARDED_FIELDS) && !(field in EXCEPTED_FIELDS));
    expect(missing, 'add each to GUARDED_FIELDS, or to EXCEPTED_FIELDS with its reason').toEqual([]);
  });

  it('gives every exception a reason, and guards nothing it also excepts', () => {
    for (const [field, reason] of Object.entries(EXCEPTED_FIELDS)) {
      expect(reason.trim().length, `${field} needs a reason`).toBeGreaterThan(10);
      expect(field in GUARDED_FIELDS, `${field} is both guarded and excepted`).toBe(false);
    }
  });

  it('names only fields that exist', () => {
    const known = new Set(fields);
    expect(Object.keys(GUARDED_FIELDS).filter((field) => !known.has(field))).toEqual([]);
    expect(Object.keys(EXCEPTED_FIELDS).filter((field) => !known.has(field))).toEqual([]);
  });

  it('guards the texts issue 53 found unguarded or half-guarded', () => {
    for (const field of [
      'noteInputSchema.text',
      'themeTextSchema.text',
      'jamRequestCreateSchema.body',
      'reportInputSchema.text',
      'jamUpdateSchema.criteria[].name',
      'jamUpdateSchema.questions[].choices[]',
      'jamUpdateSchema.description',
      'answersBodySchema.answers{}',
    ]) {
      expect(GUARDED_FIELDS[field], field).toBeDefined();
    }
  });
});
