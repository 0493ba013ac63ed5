/**
 * The authorization matrix's rows, one file per domain: every endpoint that can change something
 * (`ROWS`) and every read that needs a session (`READ_ROWS`). The matrix, the CSRF test and the
 * error-status test walk them; the matrix fails when src/pages/api/** declares an endpoint that
 * has no row here, so a new endpoint gets its row in its domain's file.
 */
import { declaredRoutes } from '../api-routes';
import * as activity from './activity';
import * as auth from './auth';
import * as entries from './entries';
import * as feedback from './feedback';
import * as inbox from './inbox';
import * as jamRequests from './jam-requests';
import * as jamVersion from './jam-version';
import * as jams from './jams';
import * as judges from './judges';
import * as moderation from './moderation';
import * as questions from './questions';
import type { ReadRow, Row } from './scene';
import * as teams from './teams';
import * as themes from './themes';
import * as users from './users';

export const ROWS: Row[] = [
  ...jams.writes,
  ...entries.writes,
  ...questions.writes,
  ...jamVersion.writes,
  ...feedback.writes,
  ...teams.writes,
  ...judges.writes,
  ...jamRequests.writes,
  ...moderation.writes,
  ...users.writes,
  ...inbox.writes,
  ...auth.writes,
  ...themes.writes,
];

export const READ_ROWS: ReadRow[] = [
  ...moderation.reads,
  ...activity.reads,
  ...entries.reads,
  ...questions.reads,
  ...jams.reads,
  ...users.reads,
  ...teams.reads,
  ...judges.reads,
  ...inbox.reads,
  ...jamRequests.reads,
  ...auth.reads,
  ...themes.reads,
];

/** GET endpoints whose route files declare that they need a logged-in user of some role, as Astro patterns. */
export const protectedReads = () =>
  declaredRoutes()
    .filter((route) => route.method === 'GET' && ['user', 'manager', 'admin'].includes(route.access))
    .map((route) => route.pattern);

export { bystanderNote } from './fixtures';
export { ROLES, ROLE_NAMES, type Call, type Role, type Scene, buildScene, refusalFor, rowKey } from './scene';
export { type Encoding, send } from './send';
