import { createRequire } from 'node:module';

/** What the built server imports of React (Astro's React renderer and the pages' islands). */
const REACT_ENTRY_POINTS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'];

/**
 * Loads React's production build for the server's renders, whatever NODE_ENV says (ADR 018). React
 * chooses its build from NODE_ENV when first required, and `npm start` leaves NODE_ENV unset (it says
 * what kind of deployment this is: the dev login is refused under `production`), so the built site
 * rendered every island with React's development build: a jam page took 20 ms of CPU instead of 15.
 * Requiring the entry points here, before the server bundle imports them, puts the production
 * modules in Node's module cache, where every later import finds them.
 */
export function loadProductionReact(serverEntry: string): void {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const require = createRequire(serverEntry);
    for (const entryPoint of REACT_ENTRY_POINTS) require(entryPoint);
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
