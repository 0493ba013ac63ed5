/**
 * Addresses outside the site that the shell links to, as shipped. The repositories and the
 * feedback page are configurable (SOURCE_CODE_URL, ORIGINAL_FRONTEND_SOURCE_URL,
 * ORIGINAL_SERVER_SOURCE_URL, FEEDBACK_URL); pages read them through src/server/platform/site-links.ts.
 */
/** This project's repository. */
export const DEFAULT_SOURCE_CODE_URL = 'https://github.com/itinerary-jams/itinerary';
/** The earlier Itinerary that this site succeeds: its front end and its server. */
export const DEFAULT_ORIGINAL_FRONTEND_SOURCE_URL = 'https://github.com/Looky1173/Itinerary';
export const DEFAULT_ORIGINAL_SERVER_SOURCE_URL = 'https://github.com/Looky1173/Itinerary-Server';
export const INVISIBLE_COW_URL = 'https://findtheinvisiblecow.com/';
