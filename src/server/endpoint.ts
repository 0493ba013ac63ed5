import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { AppError, badRequest, errorResponse } from './errors';

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * Wraps an API handler: whatever it returns becomes JSON, whatever it throws becomes
 * the `{error:{status,code,message}}` shape.
 */
export function endpoint(handler: (ctx: APIContext) => Promise<unknown> | unknown): APIRoute {
  return async (ctx) => {
    try {
      const result = await handler(ctx);
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return Response.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Reads a JSON body no larger than MAX_JSON_BODY_BYTES and validates it with a shared schema. */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.output<Schema>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    throw isOverBodyLimit(error) ? tooLarge() : badRequest('The request body could not be read.');
  }
  if (new TextEncoder().encode(text).byteLength > MAX_JSON_BODY_BYTES) throw tooLarge();
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return schema.parse(data);
}

/** Validates query parameters (first value of each) with a shared schema. */
export function readQuery<Schema extends z.ZodType>(url: URL, schema: Schema): z.output<Schema> {
  return schema.parse(Object.fromEntries(url.searchParams));
}

export const tooLarge = () => new AppError(413, 'payload_too_large', 'The request body is too large.');

/** The Node adapter stops reading any body past `bodySizeLimit` (astro.config.mjs) with this error. */
export const isOverBodyLimit = (error: unknown) => error instanceof Error && /body size limit exceeded/i.test(error.message);
