/** The external addresses the pages link to, from the configuration (defaults in src/lib/site-links.ts). */
import { config } from './config';

export interface SiteLinks {
  /** This project's repository. */
  sourceCode: string;
  newIssue: string;
  feedback: string;
  /** The earlier tool's repositories. */
  originalFrontendSource: string;
  originalServerSource: string;
}

export function siteLinks(): SiteLinks {
  const settings = config();
  return {
    sourceCode: settings.SOURCE_CODE_URL,
    newIssue: `${settings.SOURCE_CODE_URL}/issues/new`,
    feedback: settings.FEEDBACK_URL ?? `${settings.SOURCE_CODE_URL}/discussions`,
    originalFrontendSource: settings.ORIGINAL_FRONTEND_SOURCE_URL,
    originalServerSource: settings.ORIGINAL_SERVER_SOURCE_URL,
  };
}
