import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES } from './endpoint';
import { AppError, badRequest } from './errors';

/** Validates an HTML form post (urlencoded or multipart) with a shared schema, like readJson does for JSON. */
export async function readForm<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BODY_BYTES) {
    throw new AppError(413, 'payload_too_large', 'The request body is too large.');
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest('The form could not be read.');
  }
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
  return schema.parse(fields);
}
