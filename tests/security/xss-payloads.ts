/**
 * Hostile text for every user-controlled field. Each payload, if it ever ran, would set
 * `window.__xss` and open a dialog — either is a failure. Grouped by technique; the groups are
 * exported so a test can say which kind broke through.
 */

/** What a payload runs: a global flag and a dialog, no quotes so it fits every context. */
const RUN = '__xss=1,alert(1)';
/** RUN as HTML decimal and hex character references (for attribute-decoding tricks). */
const decimal = [...`javascript:${RUN}`].map((c) => `&#${c.charCodeAt(0)};`).join('');
const hex = [...`javascript:${RUN}`].map((c) => `&#x${c.charCodeAt(0).toString(16)}`).join('');
const base64Html = Buffer.from(`<script>${RUN}</script>`).toString('base64');
const base64Svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`).toString('base64');

export const SCRIPT_TAGS = [
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `<ScRiPt>${RUN}</sCrIpT>`,
  `<script >${RUN}</script >`,
  `<script\n>${RUN}</script\n>`,
  `<script src=data:text/javascript,${RUN}></script>`,
  `<script src="//evil.example/x.js"></script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<<script>script>${RUN}<</script>/script>`,
  `<script/x>${RUN}</script>`,
  `<script type="module">${RUN}</script>`,
  `<script>/*</script><script>*/${RUN}</script>`,
  `</script><script>${RUN}</script>`,
  `</title><script>${RUN}</script>`,
  `</textarea><script>${RUN}</script>`,
  `</style><script>${RUN}</script>`,
  `--><script>${RUN}</script>`,
  `]]><script>${RUN}</script>`,
  `</noscript><script>${RUN}</script>`,
  `<!--<script>-->${RUN}<!--</script>-->`,
];

export const EVENT_HANDLERS = [
  `<img src=x onerror=${RUN}>`,
  `<img src="x" onerror="${RUN}">`,
  `<IMG SRC=x ONERROR=${RUN}>`,
  `<img src=x onerror=${RUN}//`,
  `<img/src=x/onerror=${RUN}>`,
  `<img src=x:y onerror\u000c=${RUN}>`,
  `<svg onload=${RUN}>`,
  `<svg/onload=${RUN}>`,
  `<body onload=${RUN}>`,
  `<details open ontoggle=${RUN}>`,
  `<input autofocus onfocus=${RUN}>`,
  `<select autofocus onfocus=${RUN}></select>`,
  `<textarea autofocus onfocus=${RUN}></textarea>`,
  `<video src=x onerror=${RUN}></video>`,
  `<audio src=x onerror=${RUN}></audio>`,
  `<video><source onerror=${RUN}></video>`,
  `<iframe onload=${RUN}></iframe>`,
  `<marquee onstart=${RUN}>x</marquee>`,
  `<div onmouseover=${RUN} style="position:fixed;inset:0">x</div>`,
  `<a onclick=${RUN} href=#>click</a>`,
  `<style onload=${RUN}></style>`,
  `<object data=x onerror=${RUN}></object>`,
  `<embed src=x onerror=${RUN}>`,
  `<image src=x onerror=${RUN}>`,
  `<isindex action=javascript:${RUN} type=image>`,
  `<form><button formaction=javascript:${RUN}>go</button></form>`,
  `<math><maction actiontype=statusline xlink:href=javascript:${RUN}>x</maction></math>`,
  `<x contenteditable onblur=${RUN}>x</x>`,
  `<body onpageshow=${RUN}>`,
  `<img src=x onerror=eval(atob('${Buffer.from(RUN).toString('base64')}'))>`,
];

export const DANGEROUS_URLS = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  ` javascript:${RUN}`,
  `java\tscript:${RUN}`,
  `java\nscript:${RUN}`,
  `java\u0000script:${RUN}`,
  `javascript://%0a${RUN}`,
  `vbscript:msgbox(1)`,
  `VBScript:${RUN}`,
  `data:text/html;base64,${base64Html}`,
  `data:text/html,<script>${RUN}</script>`,
  `data:image/svg+xml;base64,${base64Svg}`,
  `file:///etc/passwd`,
  `<a href="javascript:${RUN}">link</a>`,
  `<a href="vbscript:msgbox(1)">link</a>`,
  `<a href="data:text/html;base64,${base64Html}">link</a>`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>${RUN}</script>"></iframe>`,
  `<form action="javascript:${RUN}"><input type=submit></form>`,
  `<base href="javascript:${RUN}//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<link rel=stylesheet href="javascript:${RUN}">`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="data:image/svg+xml;base64,${base64Svg}">`,
  `https://example.org/"onerror="${RUN}`,
  `https://example.org/'onerror='${RUN}`,
  `https://example.org/x.png" onload="${RUN}" x="`,
];

export const SVG = [
  `<svg><script>${RUN}</script></svg>`,
  `<svg><script href="data:text/javascript,${RUN}"/></svg>`,
  `<svg><animate onbegin=${RUN} attributeName=x dur=1s>`,
  `<svg><set attributeName=onmouseover to=${RUN}>`,
  `<svg><a><animate attributeName=href values=javascript:${RUN} /><text y=20>x</text></a></svg>`,
  `<svg><use href="data:image/svg+xml;base64,${base64Svg}#x"/></svg>`,
  `<svg><foreignObject><iframe srcdoc="<script>${RUN}</script>"></iframe></foreignObject></svg>`,
  `<svg><style><img src=x onerror=${RUN}></style></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<svg><title><![CDATA[</title><script>${RUN}</script>]]></title></svg>`,
];

export const ENCODED = [
  `&lt;script&gt;${RUN}&lt;/script&gt;`,
  `<a href="${decimal}">decimal</a>`,
  `<a href="${hex}">hex</a>`,
  `<a href="&#106;avascript:${RUN}">partial</a>`,
  `<a href="javas&#99;ript:${RUN}">mid</a>`,
  `<a href="&#x6A;&#x61;vascript&colon;${RUN}">named</a>`,
  `%3Cscript%3E${RUN}%3C%2Fscript%3E`,
  `\\u003cscript\\u003e${RUN}\\u003c/script\\u003e`,
  `<IMG """><SCRIPT>${RUN}</SCRIPT>">`,
  `<img src=x onerror=&#95;&#95;xss=1,alert(1)>`,
  `＜script＞${RUN}＜/script＞`,
  `<scrİpt>${RUN}</scrİpt>`,
  `<img src=\`x\` onerror=\`${RUN}\`>`,
  `"><img src=x onerror=${RUN}>`,
  `'><svg onload=${RUN}>`,
  `" autofocus onfocus="${RUN}" x="`,
  `' autofocus onfocus='${RUN}' x='`,
  `{{constructor.constructor('${RUN}')()}}`,
  `\${${RUN}}`,
  `<img src=x onerror="${RUN}"\u0000>`,
];

export const MARKDOWN_TRICKS = [
  `[click](javascript:${RUN})`,
  `[click](JaVaScRiPt:${RUN})`,
  `[click](<javascript:${RUN}>)`,
  `[click](javascript&#58;${RUN})`,
  `[click](  javascript:${RUN}  )`,
  `[click](vbscript:msgbox(1))`,
  `[click](data:text/html;base64,${base64Html})`,
  `![img](javascript:${RUN})`,
  `![img](data:image/svg+xml;base64,${base64Svg})`,
  `![img](x" onerror="${RUN})`,
  `[click][ref]\n\n[ref]: javascript:${RUN}`,
  `<javascript:${RUN}>`,
  `[a](https://example.org "title\\" onmouseover=${RUN} x=\\"")`,
  `[<img src=x onerror=${RUN}>](https://example.org)`,
  `\`\`\`html\n<script>${RUN}</script>\n\`\`\``,
  `> <script>${RUN}</script>`,
  `* <img src=x onerror=${RUN}>`,
  `| a |\n|---|\n| <img src=x onerror=${RUN}> |`,
  `<details><summary>x</summary><img src=x onerror=${RUN}></details>`,
  `[x](#" onclick="${RUN})`,
];

export const XSS_PAYLOADS: readonly string[] = [
  ...SCRIPT_TAGS,
  ...EVENT_HANDLERS,
  ...DANGEROUS_URLS,
  ...SVG,
  ...ENCODED,
  ...MARKDOWN_TRICKS,
];
