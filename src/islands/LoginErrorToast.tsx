import { useEffect } from 'react';
import { type LoginFailure, isLoginFailure } from '#lib/schemas/auth';
import { renderedByReact } from '#lib/astro-renderer';
import { reportFailure } from '#client/report-failure';

interface Props {
  messages: Record<LoginFailure, string>;
}

/**
 * A failed login comes back as /login?error=<code>: show the spec's message as a toast, then
 * drop the code from the address so a reload does not show it again.
 */
function LoginErrorToast({ messages }: Props) {
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('error');
    if (!isLoginFailure(code)) return;
    reportFailure(messages[code], null, { quiet: true });
    url.searchParams.delete('error');
    window.history.replaceState(window.history.state, '', url);
  }, [messages]);
  return null;
}

export default renderedByReact(LoginErrorToast);
