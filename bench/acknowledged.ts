/**
 * The writes the benches send, and which answers count as acknowledged: every 2xx that the API's
 * OpenAPI document gives for that route. The benches count with `acknowledges`, never with a status
 * of their own; a route whose documented answers changed makes the bench stop before it prints a
 * table (`requireDocumentedAnswers`), and tests/unit/bench-acknowledged.test.ts fails in CI.
 */
export const BENCH_WRITES = {
  submit: { method: 'post', path: '/api/jams/{slug}/entries', acknowledged: [201] },
  vote: { method: 'put', path: '/api/jams/{slug}/entries/{id}/vote', acknowledged: [200] },
  rating: { method: 'put', path: '/api/jams/{slug}/entries/{id}/rating', acknowledged: [200] },
  play: { method: 'put', path: '/api/jams/{slug}/entries/{id}/play', acknowledged: [204] },
  themeAnswer: { method: 'put', path: '/api/jams/{slug}/theme/suggestions/{id}/answer', acknowledged: [200] },
  themePick: { method: 'put', path: '/api/jams/{slug}/theme/pick', acknowledged: [200] },
} as const satisfies Record<string, { method: string; path: string; acknowledged: readonly number[] }>;

export type BenchWrite = keyof typeof BENCH_WRITES;

/** True when `status` is a success the API documents for that write. */
export const acknowledges = (write: BenchWrite, status: number): boolean =>
  (BENCH_WRITES[write].acknowledged as readonly number[]).includes(status);

interface OpenApiPaths {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** The 2xx statuses the document gives for a write, in order. */
export function documentedSuccesses(document: OpenApiPaths, write: BenchWrite): number[] {
  const { method, path } = BENCH_WRITES[write];
  const responses = document.paths[path]?.[method]?.responses ?? {};
  return Object.keys(responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
}

/** Every bench write whose acknowledged answers differ from the document's, as readable lines. */
export function driftFrom(document: OpenApiPaths): string[] {
  return (Object.keys(BENCH_WRITES) as BenchWrite[]).flatMap((write) => {
    const documented = documentedSuccesses(document, write);
    const counted = [...BENCH_WRITES[write].acknowledged];
    return documented.join() === counted.join()
      ? []
      : [
          `${BENCH_WRITES[write].method.toUpperCase()} ${BENCH_WRITES[write].path}: the bench counts ${counted.join(', ')}, the API documents ${documented.join(', ') || 'no success'}`,
        ];
  });
}

/** Stops a bench whose counting no longer matches the running server's API (its /api/openapi.json). */
export async function requireDocumentedAnswers(appUrl: string): Promise<void> {
  const response = await fetch(`${appUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`/api/openapi.json answered ${response.status}`);
  const drift = driftFrom((await response.json()) as OpenApiPaths);
  if (drift.length > 0) throw new Error(`The bench's acknowledged answers drifted from the API:\n${drift.join('\n')}`);
}
