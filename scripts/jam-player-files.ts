/**
 * An Astro integration: the jam version's player files (issue 56 §4, ADR 050). @turbowarp/scaffolding's
 * prebuilt bundle and our src/player/jam-player.ts (bundled by esbuild into a classic script: the
 * player's sandboxed frame has an opaque origin, where module scripts would need CORS) go to
 * `/player/` of the client files, named by their content, so no page's bundle ever holds them and a
 * browser keeps them until they change. The player's route reads their addresses from
 * `__JAM_PLAYER_SCRIPTS__`; `astro dev` serves them from memory.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildSync } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

export interface PlayerFile {
  /** The address it is served at, `/player/{name}-{hash}.js`. */
  path: string;
  code: Uint8Array;
}

const named = (name: string, code: Uint8Array): PlayerFile => ({
  path: `/player/${name}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`,
  code,
});

/** The player's scripts, in the order the frame loads them. */
export function playerFiles(): PlayerFile[] {
  const require = createRequire(join(ROOT, 'package.json'));
  const scaffolding = readFileSync(require.resolve('@turbowarp/scaffolding'));
  const built = buildSync({
    entryPoints: [join(ROOT, 'src/player/jam-player.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
    legalComments: 'none',
  });
  return [named('scaffolding', new Uint8Array(scaffolding)), named('jam-player', built.outputFiles[0]!.contents)];
}

export function jamPlayerFiles(): AstroIntegration {
  let files: PlayerFile[] = [];
  return {
    name: 'itinerary:jam-player-files',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        files = playerFiles();
        updateConfig({ vite: { define: { __JAM_PLAYER_SCRIPTS__: JSON.stringify(files.map((file) => file.path)) } } });
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((request, response, next) => {
          const file = files.find((candidate) => candidate.path === request.url);
          if (!file) return next();
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(file.code);
        });
      },
      'astro:build:done': ({ dir }) => {
        const folder = join(fileURLToPath(dir), 'player');
        mkdirSync(folder, { recursive: true });
        for (const file of files) writeFileSync(join(fileURLToPath(dir), file.path), file.code);
      },
    },
  };
}
