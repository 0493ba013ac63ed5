import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus } from '#lib/error-status';
import { vi } from 'vitest';
import {
  PLAIN_ERROR_MESSAGE,
  isErrorPage,
  plainErrorResponse,
  withErrorPageFallback,
} from '#server/middleware/error-page-fallback';

describe('the status of a route error', () => {
  it('comes from statusCode, status or response.status, in that order, else 500', () => {
    expect(errorStatus({ statusCode: 404, status: 403 })).toBe(404);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorStatus({ response: { status: 410 } })).toBe(410);
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
  });

  it('shows the error message for client errors and a generic one for server errors', () => {
    expect(errorMessage(Object.assign(new Error('No such jam'), { status: 404 }), 'generic')).toBe('No such jam');
    expect(errorMessage(new Error('secret stack detail'), 'generic')).toBe('generic');
  });

  it('has a plain fallback page when the error page itself fails', async () => {
    const response = plainErrorResponse(500);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain(PLAIN_ERROR_MESSAGE);
  });
});

describe('the error page fallback', () => {
  it('applies to the 404 and 500 pages only', () => {
    expect(isErrorPage({ routePattern: '/404' })).toBe(true);
    expect(isErrorPage({ routePattern: '/500' })).toBe(true);
    expect(isErrorPage({ routePattern: '/[...locale]/about' })).toBe(false);
  });

  it('answers with the plain message when rendering the error page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = { routePattern: '/500' } as Parameters<typeof withErrorPageFallback>[0];
    const response = await withErrorPageFallback(ctx, async () => {
      throw new Error('the error page broke');
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain(PLAIN_ERROR_MESSAGE);
  });
});
