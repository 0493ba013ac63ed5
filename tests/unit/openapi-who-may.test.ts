/**
 * Issue 55 §6: an endpoint's "Who may call" in the OpenAPI document comes from the rule its service
 * checks (`permission`, a rule of `can`, and its line of `WHO_MAY` beside it), so the contract says
 * what the check does.
 */
import { describe, expect, it } from 'vitest';
import { WHO_MAY } from '#server/auth/permissions';
import { openApiDocument } from '#server/openapi/document';
import { operations } from '#server/openapi/operations';

const document = openApiDocument('https://itinerary.example');
const whoMayCall = (path: string, method: string) => {
  const operation = (document.paths as Record<string, Record<string, { description?: string }>>)[path]?.[method];
  return operation?.description?.split('Who may call: ')[1];
};

describe('"Who may call" in the OpenAPI document', () => {
  it('is the line of the rule the endpoint declares, for every endpoint that declares one', () => {
    const declaring = operations().filter((operation) => operation.permission);
    expect(declaring.length).toBeGreaterThan(15);
    for (const operation of declaring)
      expect(whoMayCall(operation.path, operation.method.toLowerCase()), `${operation.method} ${operation.path}`).toBe(
        WHO_MAY[operation.permission!],
      );
  });

  it('says that only the team and the managers read the answers and the judges’ feedback', () => {
    expect(whoMayCall('/api/jams/{slug}/entries/{id}/answers', 'get')).toBe(WHO_MAY['entry:read-answers']);
    expect(whoMayCall('/api/jams/{slug}/entries/{id}/judge-feedback', 'get')).toBe(WHO_MAY['entry:read-judge-feedback']);
    expect(WHO_MAY['entry:read-answers']).not.toMatch(/logged-in user who is not banned/);
  });
});
