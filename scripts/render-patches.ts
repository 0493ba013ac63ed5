/**
 * A Vite plugin: small changes to Astro's and @astrojs/react's server code, made while the build
 * bundles them (node_modules stays as installed). Each makes an uncached render cheaper (found with
 * `npm run bench:profile`, bench/RESULTS.md) and leaves the HTML byte for byte as it was. A patch
 * whose text is no longer in its file (after an upgrade) fails the build, and
 * tests/unit/render-patches.test.ts fails when a patched file is gone, so a patch is looked at again
 * rather than silently lost. ADR 035.
 */
import type { Plugin } from 'vite';

export interface RenderPatch {
  /** The file, as a path under node_modules. */
  file: string;
  /** Each text to find (once, exactly) and what replaces it. */
  edits: [find: string, replace: string][];
}

const MARK = '/* itinerary: scripts/render-patches.ts */';

export const RENDER_PATCHES: Record<string, RenderPatch> = {
  /**
   * An island's props were serialized twice (once for its `uid`, a hash, once for its `props`
   * attribute): the first result is kept for the same props object, which lives as long as that
   * one component's render.
   */
  'island props are serialized once': {
    file: 'astro/dist/runtime/server/serialize.js',
    edits: [
      [
        `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`,
        `${MARK}
const serializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = serializedProps.get(props);
  if (serialized === undefined) {
    serialized = JSON.stringify(serializeObject(props, metadata));
    serializedProps.set(props, serialized);
  }
  return serialized;
}`,
      ],
    ],
  },
  /**
   * Each island asks three times where a built file is (its component, the renderer, the
   * before-hydration script), each answer two URL parses of a path from the manifest: the answer
   * for each manifest and name is kept.
   */
  'built file addresses are kept': {
    file: 'astro/dist/core/environment/production.js',
    edits: [
      ['const productionEnvironment = {', `${MARK}\nconst resolvedAddresses = new WeakMap();\nconst productionEnvironment = {`],
      [
        'async resolve(manifest, specifier) {',
        `async resolve(manifest, specifier) {
    let known = resolvedAddresses.get(manifest);
    if (!known) resolvedAddresses.set(manifest, (known = new Map()));
    let address = known.get(specifier);
    if (address === undefined) known.set(specifier, (address = await this.resolveOnce(manifest, specifier)));
    return address;
  },
  async resolveOnce(manifest, specifier) {`,
      ],
    ],
  },
  /**
   * Astro hashes the route's inline styles and scripts for the page's CSP on every render (SHA-256
   * through WebCrypto, a thread-pool job each): the same few strings every time, a tenth of a small
   * page's CPU. The digest of each text is kept (a thousand at most per algorithm).
   */
  'CSP digests are kept': {
    file: 'astro/dist/core/encryption.js',
    edits: [
      [
        'async function generateCspDigest(data, algorithm) {',
        `${MARK}
const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  let digests = cspDigests.get(algorithm);
  if (!digests) cspDigests.set(algorithm, (digests = new Map()));
  let digest = digests.get(data);
  if (digest === undefined) {
    if (digests.size >= 1000) digests.clear();
    digest = computeCspDigest(data, algorithm);
    digests.set(data, digest);
    digest.catch(() => digests.delete(data));
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
      ],
    ],
  },
  /**
   * With `experimentalDisableStreaming`, @astrojs/react renders an island with React's
   * renderToString (one synchronous pass, no stream to encode and decode again) but without the
   * island's `identifierPrefix`, so `useId` on the server would not match the browser's hydration.
   */
  'renderToString keeps the island prefix': {
    file: '@astrojs/react/dist/server.js',
    edits: [['html = ReactDOM.renderToString(vnode);', `html = ReactDOM.renderToString(vnode, renderOptions); ${MARK}`]],
  },
  /**
   * @astrojs/react then searched every island's HTML with a regular expression for the `<link>`s
   * React 19 hoists (preloads, stylesheets) to take them out; the island of a page of entries is
   * 40 KB. HTML without `<link` is left as it is without the search.
   */
  'island HTML without <link> is not searched': {
    file: '@astrojs/react/dist/server.js',
    edits: [['  html = html.replace(\n    /<link', `  ${MARK}\n  if (html.includes("<link")) html = html.replace(\n    /<link`]],
  },
};

export function renderPatches(): Plugin {
  return {
    name: 'itinerary:render-patches',
    enforce: 'pre',
    transform(code, id) {
      const path = id.replaceAll('\\', '/').split('?')[0]!;
      const patches = Object.entries(RENDER_PATCHES).filter(([, patch]) => path.endsWith(`/node_modules/${patch.file}`));
      if (patches.length === 0) return null;
      let patched = code;
      for (const [name, patch] of patches) {
        for (const [find, replace] of patch.edits) {
          if (patched.split(find).length !== 2)
            this.error(
              `The render patch "${name}" (scripts/render-patches.ts) does not find its text once in ${patch.file}: check it against this version.`,
            );
          patched = patched.replace(find, () => replace);
        }
      }
      return { code: patched, map: null };
    },
  };
}
