/**
 * Spec §4: prefetch same-site links in view once the browser is idle (at the latest after
 * 2000 ms), never when offline, on a 2g connection or with data saving on.
 */
const IDLE_TIMEOUT_MS = 2000;
const prefetched = new Set<string>();

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(nav: Navigator & { connection?: NetworkInformation } = navigator): boolean {
  if (!nav.onLine) return false;
  const connection = nav.connection;
  return !(connection?.saveData || /2g/.test(connection?.effectiveType ?? ''));
}

function prefetch(href: string): void {
  const url = new URL(href, location.href);
  url.hash = '';
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname === location.pathname && url.search === location.search) return;
  if (prefetched.has(url.href) || !canPrefetch()) return;
  prefetched.add(url.href);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url.href;
  document.head.append(link);
}

export function prefetchVisibleLinksWhenIdle(): void {
  const start = () => {
    if (!canPrefetch()) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        prefetch((entry.target as HTMLAnchorElement).href);
      }
    });
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]:not([download]):not([data-no-prefetch])')) {
      observer.observe(anchor);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(start, IDLE_TIMEOUT_MS);
}
