/** Addresses of a person's public profile (issue 35 §2) and their Scratch page, the same on both sides. */

/** `/users/{name}` without a locale prefix (localizePath or userHref in #i18n/paths adds it). */
export const userPath = (name: string) => `/users/${encodeURIComponent(name)}`;

/** The person's page on Scratch. */
export const scratchUserUrl = (name: string) => `https://scratch.mit.edu/users/${encodeURIComponent(name)}/`;
