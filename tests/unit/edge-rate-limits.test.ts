/**
 * The Worker's rate limits: wrangler.jsonc's Rate Limiting bindings carry each limiter's own numbers,
 * every limiter a binding can express has one, and the edge store asks the binding (not the database)
 * where there is one. workerd's own binding is run in the smoke suite (tests/smoke/edge-guarantees.spec.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { bindingName, edgeRateLimits, secondsLeftInWindow } from '#server/cloudflare/edge-rate-limits';
import { namedRateLimits } from '#server/http/rate-limit';
import type { RateLimitStore } from '#server/platform/host';

const ROOT = resolve(import.meta.dirname, '../..');
/** The periods a binding can count over (Cloudflare: 10 or 60 seconds). */
const BINDING_PERIODS_MS = [10_000, 60_000];

interface Binding {
  name: string;
  namespace_id: string;
  simple: { limit: number; period: number };
}

function configuredBindings(): Binding[] {
  const { config, error } = ts.parseConfigFileTextToJson('wrangler.jsonc', readFileSync(join(ROOT, 'wrangler.jsonc'), 'utf8'));
  if (error) throw new Error(String(error.messageText));
  return (config as { ratelimits?: Binding[] }).ratelimits ?? [];
}

/** Imports every server module that creates a limiter, so the registry knows them all. */
async function everyLimiter() {
  const folder = join(ROOT, 'src/server');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('rate-limit.ts'),
  );
  for (const file of files) {
    if (readFileSync(join(folder, file), 'utf8').includes('createRateLimiter(')) await import(join(folder, file));
  }
  return namedRateLimits();
}

describe("the Worker's Rate Limiting bindings", () => {
  it("each carry their limiter's own numbers and a namespace of their own", async () => {
    const limiters = await everyLimiter();
    const bindings = configuredBindings();
    expect(bindings.length).toBeGreaterThan(0);
    for (const binding of bindings) {
      const limiter = [...limiters].find(([name]) => bindingName(name) === binding.name);
      expect(limiter, `${binding.name} names no limiter`).toBeDefined();
      expect({ limit: binding.simple.limit, periodMs: binding.simple.period * 1000 }).toEqual({
        limit: limiter![1].capacity,
        periodMs: limiter![1].perMs,
      });
    }
    expect(new Set(bindings.map((binding) => binding.namespace_id)).size).toBe(bindings.length);
  });

  it('exist for every limiter whose window a binding can count', async () => {
    const limiters = await everyLimiter();
    const names = new Set(configuredBindings().map((binding) => binding.name));
    const countable = [...limiters].filter(([, limit]) => BINDING_PERIODS_MS.includes(limit.perMs)).map(([name]) => name);
    expect(countable.length).toBeGreaterThan(10);
    expect(countable.filter((name) => !names.has(bindingName(name)))).toEqual([]);
    // Jam requests count over an hour: they stay in the database.
    expect(names.has(bindingName('jam-requests'))).toBe(false);
  });
});

describe('the edge store', () => {
  const limit = { capacity: 2, perMs: 60_000 };
  const databaseTakes: string[] = [];
  const database: RateLimitStore = {
    take: async (key) => {
      databaseTakes.push(key);
      return null;
    },
  };
  /** A binding as the Workers runtime gives it: `limit({ key })` → `{ success }`, counting per key. */
  const binding = (capacity: number) => {
    const counts = new Map<string, number>();
    return {
      limit: async ({ key }: { key: string }) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return { success: counts.get(key)! <= capacity };
      },
    };
  };

  it('asks the limiter’s binding and writes nothing to the database', async () => {
    const store = edgeRateLimits({ RATE_LIMIT_VOTES: binding(2) }, database);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await store.take('votes:user-7', limit, 'votes'));
    expect(answers.slice(0, 2)).toEqual([null, null]);
    expect(answers[2]).toBeGreaterThanOrEqual(1);
    expect(answers[2]).toBeLessThanOrEqual(60);
    expect(databaseTakes).toEqual([]);
  });

  it('keeps a limiter without a binding in the database', async () => {
    const store = edgeRateLimits({ RATE_LIMIT_VOTES: binding(2), SOME_TEXT: 'not a binding' }, database);
    expect(await store.take('jam-requests:user-7', limit, 'jam-requests')).toBeNull();
    expect(databaseTakes).toEqual(['jam-requests:user-7']);
  });

  it('tells a refused request to wait for the rest of the window', () => {
    expect(secondsLeftInWindow(60_000, 120_000)).toBe(60);
    expect(secondsLeftInWindow(60_000, 120_000 + 59_500)).toBe(1);
    expect(secondsLeftInWindow(10_000, 10_000 + 2_400)).toBe(8);
  });
});
