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
    // Compiles each operation's validators when first needed: compiling all of them up front
    // takes longer than a test may wait.
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

const contracts = new Map<string, Promise<Contract>>();
let watching = false;
const unchecked = globalThis.fetch;

/** Called by `startApp`: when responses are being checked, reads the app's document while it runs. */
export function appStarted(url: string): void {
  if (!watching) return;
  const loading = unchecked(`${url}/api/openapi.json`)
    .then((response) => response.json() as Promise<Json>)
    .then(contractOf);
  loading.catch(() => undefined); // reported when a response of this app is checked
  contracts.set(new URL(url).origin, loading);
}

/** The document's contract of an app started in this process (undefined for any other address). */
export const contractFor = (url: string) => contracts.get(new URL(url).origin);

/**
 * Makes `fetch` check every answer of an app started with `startApp` against its document. Problems
 * go to `report` rather than being thrown, so a test that expects a failing call still sees them.
 */
export function checkAnswersOfStartedApps(report: (problems: string[]) => void): void {
  watching = true;
  globalThis.fetch = async (input, init) => {
    const response = await unchecked(input, init);
    const contract = response.url ? contractFor(response.url) : undefined;
    if (!contract) return response;
    const request = input instanceof Request ? input : null;
    const method = response.redirected ? 'GET' : (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const body = method === 'HEAD' ? '' : await response.clone().text();
    const exchange = {
      method,
      url: response.url,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body,
    };
    report((await contract).problems(exchange));
    return response;
  };
}
