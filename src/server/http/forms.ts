import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES, isOverBodyLimit, tooLarge } from './endpoint';
import { badRequest } from './errors';

/** Validates an HTML form post (urlencoded or multipart) with a shared schema, like readJson does for JSON. */
export async function readForm<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BODY_BYTES) throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    throw isOverBodyLimit(error) ? tooLarge() : badRequest('The form could not be read.');
  }
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
  return schema.parse(fields);
}
