/**
 * The authorization matrix: every endpoint that can change something × every kind of visitor.
 * Each cell runs in a fresh scene; an allowed call must show its effect in the database, a refused
 * one must answer the exact status and code and leave the whole database as it was. The reads that
 * need a session (the activity log, manager lists, CSV, account and user data) get the same walk:
 * an allowed read shows what it should, a refused one answers the exact status and code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, startEnvironment } from '../helpers/environment';
import type { Access } from '#server/http/endpoint';
import { apiRoutes, declaredRoutes, mutatingRoutes, routeKey } from './api-routes';
import { expectUnchanged, snapshot } from './db-snapshot';
import { READ_ROWS, ROLES, ROLE_NAMES, ROWS, type Role, buildScene, protectedReads, refusalFor, rowKey, send } from './endpoints';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment();
  // Another administrator, so that an administrator deleting their own account is not the last one.
  await env.login('matrix_keeper', { isAdmin: true });
});
afterAll(() => env?.close());

/**
 * Who an endpoint's declared `access` refuses, whatever else it checks. The rows below keep their
 * own explicit outcomes (each cell is run against the server); this only catches a declaration
 * that promises less than the endpoint does, e.g. `manager` on an endpoint that lets anyone in.
 */
const REFUSED_BY_ACCESS: Record<Access, readonly Role[]> = {
  public: [],
  'optional-session': [],
  // Not `banned`: logging out works for banned users; the rows say who else is refused.
  user: ['anonymous'],
  manager: ['anonymous', 'banned', 'user', 'otherManager'],
  admin: ['anonymous', 'banned', 'user', 'otherManager', 'manager'],
};

describe('the endpoint declarations', () => {
  it('cover every verb a file under src/pages/api exports', () => {
    expect(declaredRoutes().map(routeKey).sort()).toEqual(apiRoutes().map(routeKey).sort());
  });

  it('declare an access that the explicit rows of the matrix agree with', () => {
    const rows = new Map<string, readonly Role[]>([
      ...ROWS.map((row) => [rowKey(row), row.allowed] as const),
      ...READ_ROWS.map((row) => [`GET ${row.pattern}`, row.allowed] as const),
    ]);
    const disagreements = declaredRoutes().flatMap((route) => {
      const allowed = rows.get(routeKey(route)) ?? [];
      const wrong = REFUSED_BY_ACCESS[route.access].filter((role) => allowed.includes(role));
      return wrong.length ? [`${routeKey(route)} declares access '${route.access}' but lets in ${wrong.join(', ')}`] : [];
    });
    expect(disagreements).toEqual([]);
  });
});

const CELLS = ROWS.flatMap((row) => ROLES.map((role) => ({ row, role, allowed: row.allowed.includes(role) })));

describe('the authorization matrix', () => {
  it('has a row for every endpoint that can change something, and no row for one that does not exist', () => {
    const endpoints = mutatingRoutes().map(routeKey).sort();
    expect(ROWS.map(rowKey).sort()).toEqual(endpoints);
    expect(CELLS.length).toBe(endpoints.length * ROLES.length);
  });

  it.each(CELLS.map((cell) => [rowKey(cell.row), ROLE_NAMES[cell.role], cell.allowed ? 'allowed' : 'refused', cell] as const))(
    '%s as %s: %s',
    async (_key, _who, _verdict, { row, role, allowed }) => {
      const scene = await buildScene(env, role, row.jam);
      await row.prepare?.(scene, env);
      const before = await snapshot(env.db.$client);
      const reply = await send(env, row.call(scene), scene.me);
      if (allowed) {
        expect(reply.status, JSON.stringify(reply.body)).toBe(row.status);
        await row.effect(scene, env, reply);
        return;
      }
      const { status, code } = refusalFor(row, role);
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      expect(reply.body).toEqual({
        error: { status, code, message: expect.any(String), ...(code === 'banned' ? { name: scene.me!.name } : {}) },
      });
      await expectUnchanged(env.db.$client, before);
    },
  );
});

const READ_CELLS = READ_ROWS.flatMap((row) => ROLES.map((role) => ({ row, role, allowed: row.allowed.includes(role) })));

describe('the authorization matrix of reads', () => {
  it('has a row for every GET endpoint that needs a session, and no row for one that does not', () => {
    expect(READ_ROWS.map((row) => row.pattern).sort()).toEqual(protectedReads().sort());
    expect(protectedReads()).toContain('/api/activity');
  });

  it.each(
    READ_CELLS.map(
      (cell) => [`GET ${cell.row.pattern}`, ROLE_NAMES[cell.role], cell.allowed ? 'allowed' : 'refused', cell] as const,
    ),
  )('%s as %s: %s', async (_key, _who, _verdict, { row, role, allowed }) => {
    const scene = await buildScene(env, role);
    await row.prepare?.(scene, env);
    const reply = await send(env, { method: 'GET', path: row.path(scene) }, scene.me);
    if (allowed) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      row.shows(scene, reply);
      return;
    }
    const { status, code } = refusalFor({}, role);
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.body).toEqual({
      error: { status, code, message: expect.any(String), ...(code === 'banned' ? { name: scene.me!.name } : {}) },
    });
  });
});
