/** Whether the named person made an entry: its submitter or a credited co-creator (issue 35), whatever the case. */
export function isOnTeam(name: string | null | undefined, authorName: string, teamNames: readonly string[] = []): boolean {
  if (!name) return false;
  const wanted = name.toLowerCase();
  return authorName.toLowerCase() === wanted || teamNames.some((member) => member.toLowerCase() === wanted);
}
