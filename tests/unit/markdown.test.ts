import { describe, expect, it } from 'vitest';
import { bodyLinks, renderJamBody, renderMarkdown } from '#server/jams/markdown';
import { installHost } from '#server/platform/host';

describe('markdown for user content', () => {
  it('renders headings, emphasis, lists and http, https and mailto links', () => {
    const html = renderMarkdown(
      '## Theme\n\n**Orbit** and *time*\n\n- [site](https://example.org) [mail](mailto:a@b.c) [plain](http://example.org)',
    );
    expect(html).toContain('<h2>Theme</h2>');
    expect(html).toContain('<strong>Orbit</strong>');
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('href="mailto:a@b.c"');
    expect(html).toContain('href="http://example.org"');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](file:///etc/passwd)',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(1)">x</a>',
  ])('drops the dangerous link in %s', (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/javascript:|vbscript:|file:|data:/i);
  });

  it('keeps data images of type gif, png, jpeg and webp but not svg', () => {
    for (const type of ['gif', 'png', 'jpeg', 'webp']) {
      expect(renderMarkdown(`![x](data:image/${type};base64,AAAA)`)).toContain(`src="data:image/${type};base64,AAAA"`);
    }
    expect(renderMarkdown('![x](data:image/svg+xml;base64,AAAA)')).not.toContain('data:');
  });

  it('removes scripts, event handlers and styles from raw HTML', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><img src="https://x.org/a.png" onerror="alert(1)"><p style="color:red" onclick="x()">hi</p><iframe src="https://evil.org"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|style=|<iframe/i);
    expect(html).toContain('<p>hi</p>');
  });

  it('renders a jam body like any markdown, remembering it by its text so an edit shows at once', () => {
    const body = '# Theme\n\n<img src=x onerror=alert(1)> **bold**';
    expect(renderJamBody(body)).toBe(renderMarkdown(body));
    expect(renderJamBody(body)).toBe(renderMarkdown(body));
    expect(renderJamBody(`${body} and more`)).toContain('and more');
    expect(renderJamBody('')).toBe('');
  });
});

describe('a non-administrator’s jam body links only to Scratch (issue 53 §5)', () => {
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

  it.each([
    ['a link off Scratch', '[rules](https://example.com/rules)'],
    ['a bare address', 'see https://evil.example.com/x'],
    ['a www address', 'see www.evil.com'],
    ['a bare e-mail address', 'write to kid@gmail.com'],
    ['mailto', '[mail me](mailto:kid@gmail.com)'],
    ['a WhatsApp number', '[chat](https://wa.me/36301234567)'],
    ['a Discord invite', 'join https://discord.gg/abcdef'],
    ['a look-alike host', '[play](https://scratch.mit.edu.evil.io/projects/1)'],
    ['a protocol-relative address', '[x](//evil.com)'],
    ['a relative address that reads as a domain', '[x](evil.com)'],
    ['an HTML link', '<a href="https://evil.com">x</a>'],
    // The thirty-sixth set: what a browser reads off the site, though the address starts like this site's or Scratch's.
    ['a backslash a browser reads as a slash', '<a href="/\\evil.com">y</a> <a href="/&#92;/evil.com">z</a>'],
    ['a reference link off Scratch', '[my game][1]\n\n[1]: http://evil.com/play'],
    ['an autolink off Scratch', '<http://evil.com>'],
    ['a picture linked off Scratch', '[![cover](https://scratch.mit.edu/a.png)](http://evil.com)'],
    ['Scratch with a port and a name before "@"', '[x](https://scratch.mit.edu:443@evil.com/)'],
    [
      'a Scratch address carrying another',
      '[x](https://scratch.mit.edu/discuss/redirect?url=http://evil.com) [y](https://scratch.mit.edu/go?to=%2F%2Fevil.com)',
    ],
  ])('renders %s as plain text', (_what, markdown) => {
    const html = renderMarkdown(markdown, 'scratch');
    expect(hrefs(html)).toEqual([]);
    expect(html).not.toMatch(/href=/);
  });

  it('loads a non-administrator’s pictures only from Scratch, this site or an allowed host (the thirty-sixth set)', () => {
    const srcs = (html: string) => [...html.matchAll(/src="([^"]*)"/g)].map((match) => match[1]);
    const body =
      '![a](https://evil.com/track.png) <img src="/\\evil.com/b.png"> ![c](https://cdn2.scratch.mit.edu/get_image/project/1_480x360.png) ![d](/images/cover.png)';
    expect(srcs(renderMarkdown(body, 'scratch'))).toEqual([
      'https://cdn2.scratch.mit.edu/get_image/project/1_480x360.png',
      '/images/cover.png',
    ]);
    expect(srcs(renderMarkdown(body, 'any'))).toContain('https://evil.com/track.png');
  });

  it('keeps links to Scratch and to this site’s own pages', () => {
    const html = renderMarkdown(
      '[my game](https://scratch.mit.edu/projects/123/) and [studio](https://scratch.mit.edu/studios/456) and [rules](/jams/autumn#rules)',
      'scratch',
    );
    expect(hrefs(html)).toEqual([
      'https://scratch.mit.edu/projects/123/',
      'https://scratch.mit.edu/studios/456',
      '/jams/autumn#rules',
    ]);
  });

  it('keeps an administrator’s http, https and mailto links (spec §5)', () => {
    const html = renderMarkdown('[rules](https://example.com/rules) [mail](mailto:host@example.com)', 'any');
    expect(hrefs(html)).toEqual(['https://example.com/rules', 'mailto:host@example.com']);
  });

  it('keeps links to the hosts the administrators allow (ITINERARY_LINK_HOSTS), subdomains included, and no others', () => {
    installHost({ environment: { ITINERARY_LINK_HOSTS: 'turbowarp.org, itch.io' } });
    try {
      const html = renderMarkdown(
        '[play](https://turbowarp.org/123) [page](https://kid.itch.io/game) [off](https://example.com) [trick](https://turbowarp.org@evil.example/) [look-alike](https://turbowarp.org.evil.io/)',
        'scratch',
      );
      expect(hrefs(html)).toEqual(['https://turbowarp.org/123', 'https://kid.itch.io/game']);
    } finally {
      installHost({ environment: undefined });
    }
    expect(hrefs(renderMarkdown('[play](https://turbowarp.org/123)', 'scratch'))).toEqual([]);
  });

  it('renders a jam body by who wrote it last', () => {
    expect(renderJamBody('[x](https://example.com)', bodyLinks({ bodyByAdmin: false }))).not.toMatch(/href=/);
    expect(renderJamBody('[x](https://example.com)', bodyLinks({ bodyByAdmin: true }))).toMatch(/href="https:\/\/example.com"/);
  });
});
