/**
 * Generated art: the custom properties `.picture` (primitives.css) paints its watercolour-like
 * blobs with. Deterministic from a seed (a jam's slug, an entry's id, a username), so the same
 * jam always has the same art; the colours themselves come from the colour mode's --art-* tokens.
 */
export function artProperties(seed: string): Record<`--${string}`, string> {
  const next = randomFrom(seed);
  const percent = (min: number, max: number) => `${Math.round(min + next() * (max - min))}%`;
  return {
    '--x1': percent(5, 45),
    '--y1': percent(5, 55),
    '--x2': percent(55, 95),
    '--y2': percent(40, 95),
    '--x3': percent(35, 75),
    '--y3': percent(0, 40),
    '--x4': percent(5, 50),
    '--y4': percent(60, 100),
    '--m1': percent(0, 100),
    '--m2': percent(0, 100),
    '--m3': percent(0, 100),
    '--m4': percent(0, 100),
    '--angle': `${Math.round(next() * 360)}deg`,
  };
}

/** The last few thousand seeds' styles: a page draws the same jams and entries on every render. */
const styles = new Map<string, string>();
const MAX_STYLES = 5000;

/** The same properties as one `style` attribute value, for markup written by hand. */
export function artStyle(seed: string): string {
  let style = styles.get(seed);
  if (style === undefined) {
    style = Object.entries(artProperties(seed))
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    if (styles.size >= MAX_STYLES) styles.clear();
    styles.set(seed, style);
  }
  return style;
}

/** FNV-1a of the seed, then xorshift32: small, fast and the same in every browser and on the server. */
function randomFrom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193);
  }
  state ||= 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}
