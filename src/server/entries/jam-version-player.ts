/**
 * The page inside the jam version's sandboxed frame (issue 56 §4, ADR 050): a stage and the
 * player's two scripts, under a policy of its own. It reads nothing from the database and is the
 * same for every entry: the entry page sends it the project. The frame's sandbox (`allow-scripts`
 * only) gives it an opaque origin, so it can neither read this site's cookies nor script the page
 * around it; its policy lets it load only this site's scripts and reach nothing but this site.
 */

/**
 * The player's own policy. `style-src 'unsafe-inline'`: scaffolding writes its stage styles into
 * `<style>` elements; `data:`/`blob:`: costumes, sounds and fonts are decoded from the project in the
 * frame; `worker-src blob:`: scratch-vm's own workers. No `unsafe-eval` (the compiler is off).
 */
export const PLAYER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export function playerPage(scripts: readonly string[], labels: { title: string; stage: string; lang: string }): Response {
  const html = `<!doctype html>
<html lang="${escapeAttribute(labels.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeAttribute(labels.title)}</title>
<style>html,body{margin:0;height:100%;background:#000;overflow:hidden}#stage{width:100%;height:100%;outline:none}</style>
</head>
<body>
<div id="stage" tabindex="0" role="application" aria-label="${escapeAttribute(labels.stage)}"></div>
${scripts.map((src) => `<script src="${escapeAttribute(src)}"></script>`).join('\n')}
</body>
</html>
`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PLAYER_CSP,
      // Framed by this site's own pages only.
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cache-control': 'public, max-age=300',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
    },
  });
}
