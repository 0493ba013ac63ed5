/**
 * Checks answers against the app's own `/api/openapi.json` with a validator we did not write
 * (openapi-backend finds the operation and checks JSON bodies; Ajv, in its JSON Schema 2020-12
 * dialect as OpenAPI 3.1 asks, checks the other JSON media types). The status must be one the
 * operation documents, the media type one that status documents, and the body must fit its schema.
 * Paths the document does not describe (pages, assets, unknown routes) are not checked.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';

type Json = Record<string, unknown>;
type DocumentedOperation = { operationId: string; responses?: Record<string, Json> };

/** One answer as it came back: what was asked, and what was said. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  /** The body as text; `''` when there was none. */
  body: string;
}

export interface Contract {
  /** Why the exchange does not match the document; empty when it does. */
  problems(exchange: Exchange): string[];
}

const newAjv = () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv;
};

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => `  ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);

const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]!.trim().toLowerCase() ?? null;
const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** The documented answer for a status: exact, then `4XX`, then `default` (OpenAPI's order). */
const documentedResponse = (responses: Record<string, Json>, status: number): Json | undefined =>
  responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;

/**
 * openapi-backend checks a document against the OpenAPI 3.0 schema; ours is 3.1, and is checked by
 * the 3.1-aware @readme/openapi-parser, Redocly and Spectral (tests/unit/openapi*.test.ts).
 */
class ResponseChecker extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

/** A contract from a parsed OpenAPI document. */
export async function contractOf(document: Json): Promise<Contract> {
  const api = new ResponseChecker({
    definition: structuredClone(document) as never,
    // Compiles an operation's validators when first needed: a test file calls a few operations,
    // and compiling all of them up front takes many seconds.
    quick: true,
    // OpenAPI 3.1 schemas are JSON Schema 2020-12.
    customizeAjv: () => newAjv() as never,
  });
  await api.init();
  const otherJson = newAjv();

  return {
    problems({ method, url, status, contentType, body }) {
      const { pathname, search } = new URL(url);
      const request = { method, path: pathname, query: search.slice(1), headers: {} };
      const operation = api.router.matchOperation(request) as DocumentedOperation | undefined;
      if (!operation) return [];
      const name = `${method} ${pathname} answered ${status}`;
      const responses = operation.responses ?? {};
      const response = documentedResponse(responses, status);
      if (!response) {
        const listed = Object.keys(responses).join(', ');
        return [`${name}, a status the document does not list for ${operation.operationId} (it lists ${listed}).`];
      }
      const content = response.content as Record<string, { schema?: Json }> | undefined;
      const mediaType = mediaTypeOf(contentType);
      if (!content) {
        return body === '' ? [] : [`${name} with a ${mediaType ?? 'untyped'} body, where the document promises none.`];
      }
      if (method === 'HEAD') return [];
      if (!mediaType || !(mediaType in content)) {
        return [`${name} as ${mediaType ?? 'no media type'}, where the document promises ${Object.keys(content).join(' or ')}.`];
      }
      if (!isJsonMediaType(mediaType)) return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return [`${name} as ${mediaType}, but the body is not JSON: ${body.slice(0, 120)}`];
      }
      if (mediaType === 'application/json') {
        const result = api.validator.validateResponse(parsed, operation.operationId, status);
        return result.valid ? [] : [`${name}; the body does not fit its schema:`, ...describeErrors(result.errors)];
      }
      const schema = content[mediaType]!.schema;
      if (!schema) return [];
      const validate = otherJson.compile(schema);
      return validate(parsed)
        ? []
        : [`${name}; the ${mediaType} body does not fit its schema:`, ...describeErrors(validate.errors)];
    },
  };
}

/* ---------- the apps under test ---------- */

/** Per app origin: its document (fetched when it starts), and the contract made from it when first needed. */
const documents = new Map<string, Promise<Json>>();
const contracts = new Map<string, Promise<Contract>>();
/** Answers received and not checked yet: each with its body once read. */
let received: Promise<(Exchange & { origin: string }) | null>[] = [];
let watching = false;
const unchecked = globalThis.fetch;

/** Called by `startApp`: when answers are being checked, fetches the app's document while it runs. */
export function appStarted(url: string): void {
  if (!watching) return;
  const loading = unchecked(`${url}/api/openapi.json`).then((response) => response.json() as Promise<Json>);
  loading.catch(() => undefined); // reported when an answer of this app is checked
  documents.set(new URL(url).origin, loading);
}

function contractFor(origin: string): Promise<Contract> {
  let contract = contracts.get(origin);
  if (!contract) contracts.set(origin, (contract = documents.get(origin)!.then(contractOf)));
  return contract;
}

/** Checks every answer received so far; the problems found, in the order the answers came. */
export async function checkReceivedAnswers(): Promise<string[]> {
  const exchanges = await Promise.all(received);
  received = [];
  const problems: string[] = [];
  for (const exchange of exchanges) {
    if (!exchange) continue;
    try {
      problems.push(...(await contractFor(exchange.origin)).problems(exchange));
    } catch (error) {
      problems.push(`${exchange.method} ${exchange.url}: the answer could not be checked: ${String(error)}`);
    }
  }
  return problems;
}

/**
 * Makes `fetch` keep every answer of an app started with `startApp` for `checkReceivedAnswers()`.
 * The check runs after the test rather than before `fetch` returns, so it does not change the
 * test's timing (a rate limit refills while a test waits).
 */
export function keepAnswersOfStartedApps(): void {
  watching = true;
  globalThis.fetch = async (input, init) => {
    const response = await unchecked(input, init);
    const origin = response.url ? new URL(response.url).origin : '';
    if (!documents.has(origin)) return response;
    const request = input instanceof Request ? input : null;
    const method = response.redirected ? 'GET' : (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const { url, status, headers } = response;
    // A live stream (ADR 044) does not end: its status and headers are checked, not its body.
    const endless = headers.get('content-type')?.startsWith('text/event-stream');
    const body = method === 'HEAD' || endless ? Promise.resolve('') : response.clone().text();
    const exchange = body.then(
      (text) => ({ origin, method, url, status, contentType: headers.get('content-type'), body: text }),
      () => null, // the connection broke: the test sees that on its own copy
    );
    received.push(exchange);
    return response;
  };
}
