import { describe, expect, it } from 'vitest';
import { BENCH_WRITES, documentedSuccesses, driftFrom } from '../../bench/acknowledged';
import { openApiDocument } from '#server/openapi/document';

const document = openApiDocument('https://itinerary.example') as unknown as Parameters<typeof driftFrom>[0];

describe("the benches' acknowledged answers", () => {
  it('are exactly the successes OpenAPI documents for every write the benches send', () => {
    expect(driftFrom(document)).toEqual([]);
    for (const write of Object.keys(BENCH_WRITES) as (keyof typeof BENCH_WRITES)[])
      expect(documentedSuccesses(document, write).length).toBeGreaterThan(0);
  });

  it('names the route and both sets of statuses when the API changes an answer', () => {
    const changed = structuredClone(document);
    changed.paths['/api/jams/{slug}/entries/{id}/play']!.put!.responses = { '200': {}, '404': {} };
    expect(driftFrom(changed)).toEqual(['PUT /api/jams/{slug}/entries/{id}/play: the bench counts 204, the API documents 200']);
  });
});
