/**
 * Renders the PNG icons and the default link-preview image from public/favicon.svg in Chromium
 * (PNG because link previews and home screens do not take SVG). Run after changing the logo:
 *   npx tsx scripts/generate-share-images.ts
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';

const ROOT = resolve(import.meta.dirname, '..');
const BRAND = '#c2410c';
const logo = readFileSync(resolve(ROOT, 'public/favicon.svg'), 'utf8');
// Home-screen icons are masked by the system: fill the square, no rounded corners of our own.
const squareLogo = logo.replace(/<rect([^>]*?) rx="\d+"/, '<rect$1');

const iconPage = (size: number) =>
  `<body style="margin:0"><div style="width:${size}px;height:${size}px">${squareLogo.replace('<svg ', `<svg width="${size}" height="${size}" `)}</div></body>`;

const previewPage = `<body style="margin:0">
  <div style="width:1200px;height:630px;background:${BRAND};color:#fff;display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box;font-family:'DejaVu Sans',sans-serif">
    ${squareLogo.replace('<svg ', '<svg width="280" height="280" ')}
    <div><div style="font-size:104px;font-weight:700">Itinerary</div>
    <div style="font-size:44px;margin-top:16px;line-height:1.25">Discover and take part in Scratch game jams</div></div>
  </div></body>`;

const outputs = [
  { file: 'icon-192.png', html: iconPage(192), width: 192, height: 192 },
  { file: 'icon-512.png', html: iconPage(512), width: 512, height: 512 },
  { file: 'apple-touch-icon.png', html: iconPage(180), width: 180, height: 180 },
  { file: 'og-image.png', html: previewPage, width: 1200, height: 630 },
];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const { file, html, width, height } of outputs) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.screenshot({ path: resolve(ROOT, 'public', file), clip: { x: 0, y: 0, width, height } });
  await page.close();
  console.log(`public/${file}`);
}
await browser.close();
