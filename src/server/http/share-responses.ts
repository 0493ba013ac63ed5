/** How feeds, calendars and the sitemap are sent: their media type and a short public cache. */
export const SHARE_CACHE_CONTROL = 'public, max-age=300';

export function shareResponse(body: string, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: { 'content-type': contentType, 'cache-control': SHARE_CACHE_CONTROL, ...headers },
  });
}
