import { splitLocale } from './paths';

/** The page's path without locale prefix or trailing slash (prerendered pages see `/hu/about/`). */
export function pagePath(pathname: string): string {
  const { path } = splitLocale(pathname);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
