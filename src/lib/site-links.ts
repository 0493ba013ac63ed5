/** Addresses outside the site that the shell links to. */
export const REPOSITORY_URL = 'https://github.com/itinerary-jams/itinerary';
export const NEW_ISSUE_URL = `${REPOSITORY_URL}/issues/new`;
export const FEEDBACK_URL = `${REPOSITORY_URL}/discussions`;
export const INVISIBLE_COW_URL = 'https://findtheinvisiblecow.com/';
