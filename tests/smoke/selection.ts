/** The smoke targets by name; kept free of imports so that the Playwright config can read it cheaply. */
export const TARGET_NAMES = ['node-server', 'node-standalone', 'workerd'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export function isTargetName(name: string): name is TargetName {
  return (TARGET_NAMES as readonly string[]).includes(name);
}

export const DEFAULT_TARGETS: TargetName[] = ['node-standalone', 'workerd'];

/** The targets named in SMOKE_TARGETS (a comma list), default node-standalone and workerd. */
export function selectedTargets(): TargetName[] {
  const raw = process.env.SMOKE_TARGETS?.trim();
  if (!raw) return DEFAULT_TARGETS;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isTargetName(name));
  if (unknown.length) throw new Error(`SMOKE_TARGETS: unknown target ${unknown.join(', ')} (known: ${TARGET_NAMES.join(', ')})`);
  return [...new Set(names)] as TargetName[];
}
