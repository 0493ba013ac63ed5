/**
 * Astro finds out which renderer draws a framework component by asking each one, and
 * @astrojs/react answers by rendering the component once more in a stream of its own: every island
 * an Astro file renders was rendered twice (about 3 % of a cache miss of home or a jam page, with
 * the pictures and avatars that were React components then; ADR 022). A component marked here skips
 * the question. The mark is the one Astro's own MDX and JSX integrations set
 * (`Symbol.for('astro:renderer')`); in the browser nothing reads it. ADR 021.
 */
const ASTRO_RENDERER = Symbol.for('astro:renderer');
const REACT_RENDERER = '@astrojs/react';

/** Marks a React component that Astro files render (islands, mostly). */
export function renderedByReact<Component extends (props: never) => unknown>(component: Component): Component {
  Object.defineProperty(component, ASTRO_RENDERER, { value: REACT_RENDERER });
  return component;
}

export const isRenderedByReact = (component: unknown): boolean =>
  typeof component === 'function' && (component as unknown as Record<symbol, unknown>)[ASTRO_RENDERER] === REACT_RENDERER;
