/**
 * The built server renders with React's production build (src/server/node/production-react.ts),
 * whatever NODE_ENV says about the deployment. Each case runs in a fresh Node process: React picks
 * its build once per process.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const PROBE = `
import { createRequire } from 'node:module';
import { loadProductionReact } from '#server/node/production-react';
const entry = ${JSON.stringify(resolve(ROOT, 'dist/server/entry.mjs'))};
loadProductionReact(entry);
const builds = Object.keys(createRequire(entry).cache)
  .filter((file) => /node_modules\\/react(-dom)?\\/cjs\\//.test(file))
  .map((file) => file.replace(/.*node_modules\\//, ''))
  .sort();
console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null, builds }));
`;

function probe(nodeEnv: string | undefined): { nodeEnv: string | null; builds: string[] } {
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: nodeEnv };
  if (nodeEnv === undefined) delete env.NODE_ENV;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

const PRODUCTION_BUILDS = [
  'react-dom/cjs/react-dom-server-legacy.node.production.js',
  'react-dom/cjs/react-dom-server.node.production.js',
  'react-dom/cjs/react-dom.production.js',
  'react/cjs/react-jsx-runtime.production.js',
  'react/cjs/react.production.js',
];

describe('the server’s React', () => {
  it.each([
    ['unset, as npm start leaves it', undefined],
    ['test', 'test'],
    ['development', 'development'],
  ])('is the production build when NODE_ENV is %s, and NODE_ENV stays as it was', (_, nodeEnv) => {
    expect(probe(nodeEnv)).toEqual({ nodeEnv: nodeEnv ?? null, builds: PRODUCTION_BUILDS });
  });
});
