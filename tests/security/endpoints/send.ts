/** Sending a row's call to the test server as a browser would. */
import { type Environment, type Reply, type TestUser, readReply } from '../../helpers/environment';
import type { Call } from './scene';

export type Encoding = 'json' | 'urlencoded' | 'multipart' | 'text';

function encode(call: Call, encoding: Encoding | undefined): { body?: BodyInit; contentType?: string } {
  if (call.bytes && encoding === undefined)
    return { body: call.bytes.data as Uint8Array<ArrayBuffer>, contentType: call.bytes.contentType };
  if (call.form === undefined && call.json === undefined && encoding === undefined) return {};
  const fields = call.form ?? (call.json as Record<string, string> | undefined) ?? {};
  const as = encoding ?? (call.form ? 'urlencoded' : 'json');
  if (as === 'json') return { body: JSON.stringify(fields), contentType: 'application/json' };
  // A cross-site <form enctype="text/plain"> can carry a JSON-looking body: the classic trick against JSON APIs.
  if (as === 'text') return { body: JSON.stringify(fields), contentType: 'text/plain' };
  const flat = Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
  if (as === 'urlencoded')
    return { body: new URLSearchParams(flat).toString(), contentType: 'application/x-www-form-urlencoded' };
  const form = new FormData();
  for (const [name, value] of flat) form.append(name!, value!);
  return { body: form }; // fetch sets multipart/form-data with its boundary
}

export interface SendOptions {
  /** Extra headers; `null` removes one (e.g. `origin: null` sends no Origin at all). */
  headers?: Record<string, string | null>;
  encoding?: Encoding;
}

/** Sends a row's call as a same-site browser would (our Origin), with `me`'s session cookie. */
export async function send(env: Environment, call: Call, me: TestUser | null, options: SendOptions = {}): Promise<Reply> {
  const cookies = { ...(me ? { 'itinerary-token': me.token } : {}), ...call.cookies };
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const { body, contentType } = encode(call, options.encoding);
  const headers: Record<string, string | null> = {
    origin: env.app.url,
    ...(contentType ? { 'content-type': contentType } : {}),
    ...(cookie ? { cookie } : {}),
    ...options.headers,
  };
  const response = await fetch(`${env.app.url}${call.path}`, {
    method: call.method,
    redirect: 'manual',
    headers: Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null)),
    body,
  });
  return readReply(response);
}
