export type JamRoleName = 'admin' | 'manager' | 'none';

export interface JamViewerDto {
  user: { id: number; name: string; isAdmin: boolean; isBanned: boolean } | null;
  role: JamRoleName;
  isManager: boolean;
  /** Permission names (`jam:edit`, `jam:delete`, …) the viewer holds for this jam. */
  allowed: string[];
  entry: { id: number; scratchId: number; title: string } | null;
  /** A mystery jam's body, rendered by the server's safe markdown renderer, for its managers and admins. */
  hiddenBody: string | null;
  hiddenBodyHtml: string | null;
}
