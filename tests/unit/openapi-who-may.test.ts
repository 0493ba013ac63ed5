/**
 * Issue 55 §6: an endpoint's "Who may call" in the OpenAPI document comes from the rule its service
 * checks (`permission`, a rule of `can`, and its line of `WHO_MAY` beside it), so the contract says
 * what the check does.
 */
import { describe, expect, it } from 'vitest';
import { WHO_MAY } from '#server/auth/permissions';
import { openApiDocument } from '#server/openapi/document';
import { operations } from '#server/openapi/operations';
import { READ_ROWS, ROWS } from '../security/endpoints';
import { ACTIVE_USERS, ADMINS, EVERYONE, MANAGERS, type Role } from '../security/endpoints/scene';

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

  it('declares its rule wherever the authorization matrix finds fewer callers than the access level says', () => {
    // What "Who may call" says for an access level without a rule or a note of its own.
    const claims: Record<string, readonly Role[]> = {
      public: EVERYONE,
      'optional-session': EVERYONE,
      user: ACTIVE_USERS,
      manager: MANAGERS,
      admin: ADMINS,
    };
    const rows = [
      ...ROWS.filter((row) => !row.refusal).map(({ method, pattern, allowed }) => ({ method, pattern, allowed })),
      ...READ_ROWS.map(({ pattern, allowed }) => ({ method: 'GET', pattern, allowed })),
    ];
    const mismatches = rows.flatMap((row) => {
      const operation = operations().find((candidate) => candidate.method === row.method && candidate.pattern === row.pattern);
      if (!operation) return [`${row.method} ${row.pattern}: no such endpoint`];
      if (operation.permission || operation.accessNote) return [];
      const claimed = claims[operation.access]!;
      const same = claimed.length === row.allowed.length && claimed.every((role) => row.allowed.includes(role));
      return same ? [] : [`${row.method} ${row.pattern}: says ${operation.access}, the matrix allows ${row.allowed.join(', ')}`];
    });
    expect(mismatches).toEqual([]);
  });
});
