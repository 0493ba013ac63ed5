/**
 * Draws the 48 cat pictures of the error screen (spec §9) into public/cats/ (cat-01.svg … cat-48.svg).
 * Deterministic: the same script always draws the same cats. Run: `npx tsx scripts/generate-cats.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const OUT = resolve(import.meta.dirname, '../public/cats');
export const CAT_COUNT = 48;

const furs = [
  { name: 'ginger', fur: '#e8893a', dark: '#b85c1a', light: '#f7c48f' },
  { name: 'black', fur: '#2b2b30', dark: '#111114', light: '#55555d' },
  { name: 'grey', fur: '#8d939c', dark: '#5d636b', light: '#c3c8ce' },
  { name: 'cream', fur: '#f1dcb4', dark: '#cfae78', light: '#fff3dc' },
  { name: 'brown', fur: '#8a5a36', dark: '#5c3a20', light: '#c08d63' },
  { name: 'white', fur: '#f6f6f2', dark: '#c9c9c2', light: '#ffffff' },
  { name: 'blue', fur: '#6f7f99', dark: '#4a5870', light: '#a9b6cc' },
  { name: 'calico', fur: '#f4efe6', dark: '#2e2a28', light: '#e48a3c' },
];
const patterns = ['solid', 'tabby', 'tuxedo', 'patches'] as const;
const poses = ['sitting', 'loaf', 'peek'] as const;
const eyes = ['#4caf50', '#e0b020', '#3d8fd6', '#c26a1b', '#7cc0a0'];
const eyeStyles = ['open', 'open', 'happy', 'sleepy', 'wide'] as const;
const extras = ['none', 'bow', 'hat', 'collar', 'none', 'crown', 'glasses', 'none'] as const;
const backgrounds = ['#dff3ff', '#ffe9e0', '#e8f7e4', '#f3e8ff', '#fff6d6', '#e3e7ff', '#ffe3ef', '#e0f5f2'];

interface Cat {
  fur: (typeof furs)[number];
  pattern: (typeof patterns)[number];
  pose: (typeof poses)[number];
  eye: string;
  eyeStyle: (typeof eyeStyles)[number];
  extra: (typeof extras)[number];
  background: string;
}

function catNumber(index: number): Cat {
  return {
    fur: furs[index % furs.length]!,
    pattern: patterns[Math.floor(index / furs.length) % patterns.length]!,
    pose: poses[index % poses.length]!,
    eye: eyes[(index * 3) % eyes.length]!,
    eyeStyle: eyeStyles[(index * 7 + 1) % eyeStyles.length]!,
    extra: extras[(index * 5 + Math.floor(index / 8) * 3 + 2) % extras.length]!,
    background: backgrounds[(index * 3 + Math.floor(index / 8) * 5 + 1) % backgrounds.length]!,
  };
}

const f = (n: number) => Number(n.toFixed(1));

/** Head centred at (cx, cy) with radius r; returns SVG markup. */
function head(cat: Cat, cx: number, cy: number, r: number): string {
  const { fur, pattern, eye, eyeStyle } = cat;
  const ear = (side: 1 | -1) => {
    const bx = cx + side * r * 0.75;
    const outer = `M${f(bx - side * r * 0.05)} ${f(cy - r * 0.45)} L${f(cx + side * r * 0.9)} ${f(cy - r * 1.25)} L${f(cx + side * r * 0.2)} ${f(cy - r * 0.8)} Z`;
    const inner = `M${f(bx - side * r * 0.1)} ${f(cy - r * 0.55)} L${f(cx + side * r * 0.84)} ${f(cy - r * 1.08)} L${f(cx + side * r * 0.32)} ${f(cy - r * 0.78)} Z`;
    return `<path d="${outer}" fill="${fur.fur}" stroke="${fur.dark}" stroke-width="4" stroke-linejoin="round"/><path d="${inner}" fill="#f4a7b9"/>`;
  };
  let markings = '';
  if (pattern === 'tabby') {
    for (const dx of [-0.22, 0, 0.22]) {
      markings += `<path d="M${f(cx + dx * r)} ${f(cy - r * 0.95)} l0 ${f(r * 0.3)}" stroke="${fur.dark}" stroke-width="7" stroke-linecap="round"/>`;
    }
    for (const side of [1, -1]) {
      markings += `<path d="M${f(cx + side * r * 0.98)} ${f(cy + r * 0.05)} l${f(-side * r * 0.22)} ${f(r * 0.02)} M${f(cx + side * r * 0.96)} ${f(cy + r * 0.25)} l${f(-side * r * 0.2)} ${f(-r * 0.02)}" stroke="${fur.dark}" stroke-width="6" stroke-linecap="round"/>`;
    }
  }
  if (pattern === 'patches') {
    markings += `<path d="M${f(cx - r)} ${f(cy - r * 0.1)} A${f(r)} ${f(r)} 0 0 1 ${f(cx - r * 0.1)} ${f(cy - r)} L${f(cx - r * 0.05)} ${f(cy - r * 0.2)} Z" fill="${fur.light}" opacity="0.95"/>`;
    markings += `<circle cx="${f(cx + r * 0.55)}" cy="${f(cy - r * 0.55)}" r="${f(r * 0.28)}" fill="${fur.dark}" opacity="0.9"/>`;
  }
  const muzzle =
    pattern === 'tuxedo'
      ? `<ellipse cx="${cx}" cy="${f(cy + r * 0.38)}" rx="${f(r * 0.48)}" ry="${f(r * 0.36)}" fill="#fbfbf8"/>`
      : `<ellipse cx="${cx}" cy="${f(cy + r * 0.38)}" rx="${f(r * 0.36)}" ry="${f(r * 0.25)}" fill="${fur.light}" opacity="0.8"/>`;
  const ex = r * 0.36;
  const ey = cy - r * 0.02;
  const eyeMarkup = [-1, 1]
    .map((side) => {
      const x = f(cx + side * ex);
      if (eyeStyle === 'happy')
        return `<path d="M${f(x - 13)} ${f(ey + 4)} q13 -18 26 0" fill="none" stroke="#1d1d1f" stroke-width="6" stroke-linecap="round"/>`;
      if (eyeStyle === 'sleepy')
        return `<path d="M${f(x - 13)} ${f(ey)} q13 12 26 0" fill="none" stroke="#1d1d1f" stroke-width="6" stroke-linecap="round"/>`;
      const ry = eyeStyle === 'wide' ? 20 : 16;
      const pupil = eyeStyle === 'wide' ? 9 : 4;
      return `<ellipse cx="${x}" cy="${f(ey)}" rx="14" ry="${ry}" fill="${eye}" stroke="#1d1d1f" stroke-width="3"/><ellipse cx="${x}" cy="${f(ey)}" rx="${pupil}" ry="${ry - 4}" fill="#1d1d1f"/><circle cx="${f(x + 4)}" cy="${f(ey - 6)}" r="4" fill="#fff"/>`;
    })
    .join('');
  const ny = cy + r * 0.26;
  const nose = `<path d="M${f(cx - 9)} ${f(ny)} h18 l-9 10 Z" fill="#e56b8a" stroke="#b84766" stroke-width="2" stroke-linejoin="round"/>`;
  const mouth = `<path d="M${cx} ${f(ny + 10)} q-8 12 -20 5 M${cx} ${f(ny + 10)} q8 12 20 5" fill="none" stroke="#1d1d1f" stroke-width="3.5" stroke-linecap="round"/>`;
  const whiskers = [-1, 1]
    .map((side) =>
      [-8, 4, 16]
        .map(
          (dy, i) =>
            `<path d="M${f(cx + side * r * 0.42)} ${f(ny + 8 + dy * 0.3)} L${f(cx + side * r * 1.18)} ${f(ny + dy - 6 + i * 4)}" stroke="${fur.name === 'black' ? '#d9d9de' : '#3a3a3f'}" stroke-width="2.5" stroke-linecap="round"/>`,
        )
        .join(''),
    )
    .join('');
  return `${ear(-1)}${ear(1)}<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${f(r * 0.9)}" fill="${fur.fur}" stroke="${fur.dark}" stroke-width="4"/>${markings}${muzzle}${eyeMarkup}${nose}${mouth}${whiskers}`;
}

function extra(cat: Cat, cx: number, cy: number, r: number): string {
  const top = cy - r * 0.9;
  switch (cat.extra) {
    case 'bow':
      return `<path d="M${cx} ${f(cy + r * 0.98)} l-30 -16 v32 Z M${cx} ${f(cy + r * 0.98)} l30 -16 v32 Z" fill="#d6336c" stroke="#8f1d45" stroke-width="3" stroke-linejoin="round"/><circle cx="${cx}" cy="${f(cy + r * 0.98)}" r="8" fill="#8f1d45"/>`;
    case 'hat':
      return `<path d="M${f(cx + r * 0.05)} ${f(top - 70)} L${f(cx - r * 0.35)} ${f(top + 12)} L${f(cx + r * 0.45)} ${f(top + 12)} Z" fill="#5c7cfa" stroke="#364fc7" stroke-width="3" stroke-linejoin="round"/><circle cx="${f(cx + r * 0.05)}" cy="${f(top - 72)}" r="10" fill="#fcc419"/><circle cx="${f(cx - r * 0.02)}" cy="${f(top - 20)}" r="6" fill="#fcc419"/><circle cx="${f(cx + r * 0.15)}" cy="${f(top - 2)}" r="6" fill="#ff8787"/>`;
    case 'collar':
      return `<path d="M${f(cx - r * 0.7)} ${f(cy + r * 0.78)} q${f(r * 0.7)} 30 ${f(r * 1.4)} 0" fill="none" stroke="#e03131" stroke-width="12" stroke-linecap="round"/><circle cx="${cx}" cy="${f(cy + r * 0.98)}" r="11" fill="#fcc419" stroke="#e67700" stroke-width="3"/>`;
    case 'crown':
      return `<path d="M${f(cx - 38)} ${f(top + 6)} l0 -40 l19 20 l19 -30 l19 30 l19 -20 l0 40 Z" fill="#fcc419" stroke="#e67700" stroke-width="3" stroke-linejoin="round"/><circle cx="${cx}" cy="${f(top - 12)}" r="5" fill="#e03131"/>`;
    case 'glasses': {
      const ey = cy - r * 0.02;
      const ex = r * 0.36;
      return `<circle cx="${f(cx - ex)}" cy="${f(ey)}" r="24" fill="#ffffff" fill-opacity="0.15" stroke="#1d1d1f" stroke-width="5"/><circle cx="${f(cx + ex)}" cy="${f(ey)}" r="24" fill="#ffffff" fill-opacity="0.15" stroke="#1d1d1f" stroke-width="5"/><path d="M${f(cx - ex + 24)} ${f(ey)} h${f(2 * ex - 48)}" stroke="#1d1d1f" stroke-width="5"/>`;
    }
    default:
      return '';
  }
}

function body(cat: Cat): { markup: string; head: [number, number, number] } {
  const { fur, pattern } = cat;
  const chest = (cx: number, cy: number, rx: number, ry: number) =>
    pattern === 'tuxedo' ? `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fbfbf8"/>` : '';
  const stripes = (cx: number, cy: number, w: number) =>
    pattern === 'tabby'
      ? [-1, 0, 1]
          .map(
            (i) =>
              `<path d="M${f(cx + i * w - 14)} ${f(cy - 40)} q14 40 0 80" fill="none" stroke="${fur.dark}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>`,
          )
          .join('')
      : pattern === 'patches'
        ? `<ellipse cx="${f(cx + w)}" cy="${f(cy)}" rx="34" ry="26" fill="${fur.light}"/><ellipse cx="${f(cx - w)}" cy="${f(cy + 20)}" rx="26" ry="20" fill="${fur.dark}"/>`
        : '';
  const paw = (x: number, y: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="24" ry="15" fill="${pattern === 'tuxedo' ? '#fbfbf8' : fur.fur}" stroke="${fur.dark}" stroke-width="4"/>`;
  if (cat.pose === 'sitting') {
    const tail = `<path d="M280 330 q80 -10 70 -90 q-5 -30 -25 -25" fill="none" stroke="${fur.dark}" stroke-width="26" stroke-linecap="round"/><path d="M280 330 q80 -10 70 -90 q-5 -30 -25 -25" fill="none" stroke="${fur.fur}" stroke-width="18" stroke-linecap="round"/>`;
    const markup = `${tail}<ellipse cx="200" cy="290" rx="100" ry="88" fill="${fur.fur}" stroke="${fur.dark}" stroke-width="4"/>${stripes(200, 300, 45)}${chest(200, 280, 45, 60)}${paw(165, 370)}${paw(235, 370)}`;
    return { markup, head: [200, 170, 82] };
  }
  if (cat.pose === 'loaf') {
    const tail = `<path d="M340 330 q30 -40 0 -70" fill="none" stroke="${fur.dark}" stroke-width="24" stroke-linecap="round"/><path d="M340 330 q30 -40 0 -70" fill="none" stroke="${fur.fur}" stroke-width="16" stroke-linecap="round"/>`;
    const markup = `${tail}<ellipse cx="215" cy="305" rx="145" ry="70" fill="${fur.fur}" stroke="${fur.dark}" stroke-width="4"/>${stripes(250, 300, 50)}${chest(150, 320, 45, 40)}${paw(120, 368)}${paw(180, 372)}`;
    return { markup, head: [140, 225, 78] };
  }
  // peek: the cat looks over the bottom edge, paws on the sill
  const markup = `<rect x="0" y="330" width="400" height="70" fill="#a07855"/><rect x="0" y="330" width="400" height="10" fill="#7a5638"/>`;
  return { markup, head: [200, 255, 95] };
}

export function drawCat(index: number): string {
  const cat = catNumber(index);
  const {
    markup,
    head: [cx, cy, r],
  } = body(cat);
  const paws =
    cat.pose === 'peek'
      ? `<ellipse cx="150" cy="335" rx="26" ry="16" fill="${cat.pattern === 'tuxedo' ? '#fbfbf8' : cat.fur.fur}" stroke="${cat.fur.dark}" stroke-width="4"/><ellipse cx="250" cy="335" rx="26" ry="16" fill="${cat.pattern === 'tuxedo' ? '#fbfbf8' : cat.fur.fur}" stroke="${cat.fur.dark}" stroke-width="4"/>`
      : '';
  const decoration =
    index % 2 === 0
      ? `<circle cx="60" cy="70" r="26" fill="#ffffff" opacity="0.7"/><circle cx="340" cy="60" r="14" fill="#ffffff" opacity="0.6"/>`
      : `<path d="M50 60 l8 16 l18 2 l-13 12 l4 18 l-17 -9 l-16 9 l3 -18 l-13 -12 l18 -2 Z" fill="#ffffff" opacity="0.7"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect width="400" height="400" fill="${cat.background}"/>${decoration}${markup}${head(cat, cx, cy, r)}${paws}${extra(cat, cx, cy, r)}</svg>\n`;
}

if (import.meta.main) {
  mkdirSync(OUT, { recursive: true });
  for (let i = 0; i < CAT_COUNT; i++) {
    writeFileSync(join(OUT, `cat-${String(i + 1).padStart(2, '0')}.svg`), drawCat(i));
  }
  console.log(`Drew ${CAT_COUNT} cats into ${OUT}`);
}
