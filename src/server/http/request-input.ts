/** Reading a request's input: a JSON body, a form post or the query, each validated with a shared schema. */
import type { z } from 'zod';
import { withoutBidiControls } from '#lib/note-text';
import { AppError, badRequest } from '#server/platform/errors';

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Reads a JSON body no larger than MAX_JSON_BODY_BYTES and validates it with a shared schema. */
export async function readJson<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  // Read no further than the limit, whatever the adapter's (which a jam version's upload raised, ADR 050).
  const text = new TextDecoder().decode(await readBytes(request, MAX_JSON_BODY_BYTES, tooLarge));
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text, wellFormed);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return schema.parse(data);
}

/**
 * Half a surrogate pair (`"\ud83d"`, an emoji cut in two) is valid JSON but no text: a libSQL
 * server's protocol refuses it, and no filter or page should see it. Each becomes U+FFFD, as a
 * browser does with a broken character in a form or an address, so every store gets well-formed text.
 * Bidirectional controls go from every text of every field (issue 53): what is stored is what was
 * typed, minus those.
 */
const wellFormed = (_key: string, value: unknown) =>
  typeof value === 'string' ? withoutBidiControls(value.toWellFormed()) : value;

/**
 * Reads a file sent as the whole body (ADR 050), stopping at `maxBytes`: a declared length past it
 * is refused before a byte is read, and a body that goes on past it is refused as soon as it does.
 */
export async function readBytes(request: Request, maxBytes: number, refusal: () => AppError): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw refusal();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw refusal();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw isOverBodyLimit(error) ? refusal() : badRequest('The request body could not be read.');
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Validates query parameters (first value of each) with a shared schema. */
export function readQuery<Schema extends z.ZodType>(url: URL, schema: Schema): z.output<Schema> {
  return schema.parse(Object.fromEntries(url.searchParams));
}

export const tooLarge = () => new AppError(413, 'payload_too_large', 'The request body is too large.');

/** The Node adapter stops reading any body past `bodySizeLimit` (astro.config.mjs) with this error. */
export const isOverBodyLimit = (error: unknown) => error instanceof Error && /body size limit exceeded/i.test(error.message);

/** Validates an HTML form post (urlencoded or multipart) with a shared schema, like readJson does for JSON. */
export async function readForm<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  // Read no further than the limit (as readJson), then parsed as the browser sent it.
  const bytes = await readBytes(request, MAX_JSON_BODY_BYTES, tooLarge);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw badRequest('The form could not be read.');
  }
  const fields = Object.fromEntries(
    [...form].flatMap(([key, value]) => (typeof value === 'string' ? [[key, withoutBidiControls(value)]] : [])),
  );
  return schema.parse(fields);
}

/**
 * A refusal for an address whose percent-encoding is broken (`%E0%A4%A`, a lone `%`) in its path or
 * query, which Astro's router would fail on with a 500; null for a good one. The Node server refuses
 * such an address before Astro (src/server/node/http-guards.ts), a Worker at its entry.
 */
export function brokenPercentEncoding(url: URL): AppError | null {
  try {
    decodeURI(url.pathname + url.search);
    return null;
  } catch {
    return new AppError(400, 'bad_request', BROKEN_ADDRESS_MESSAGE);
  }
}

export const BROKEN_ADDRESS_MESSAGE = 'The address is not valid: it has a broken percent-encoding.';
