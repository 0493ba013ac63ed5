/**
 * Client for Scratch's public API (SCRATCH_API_URL). Every call has a timeout; an unreachable
 * or failing API throws `ScratchUnavailableError`, a missing user or project answers null.
 */
import { z } from 'zod';
import { config } from './config';
import { AppError } from './errors';

export const UPSTREAM_TIMEOUT_MS = 5000;

export const SERVER_ERROR_MESSAGE =
  'The servers could not communicate with the auth provider and/or the Scratch API. Please try again later.';

export class ScratchUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super(502, 'upstream_unavailable', SERVER_ERROR_MESSAGE);
  }
}

export interface ScratchUser {
  id: number;
  /** The canonical spelling, e.g. `GriffTheGreat` for `griffthegreat`. */
  username: string;
  avatarUrl: string | null;
}

export interface ScratchProject {
  id: number;
  title: string;
  authorName: string;
  thumbnailUrl: string | null;
  /** "Instructions" on the project page, plain text. */
  instructions: string;
  /** "Notes and Credits" (the API calls it `description`), plain text. */
  notes: string;
  /** Scratch's `history`: when the project was created, last saved and shared (null when absent). */
  history: { created: Date | null; modified: Date | null; shared: Date | null };
  /** Scratch's `remix`: the project this one remixes and the first of its line (null for originals). */
  remix: { parentId: number | null; rootId: number | null };
}

/**
 * GETs JSON from a Scratch service. 404 answers null; network failures, timeouts, other
 * statuses and non-JSON bodies throw ScratchUnavailableError.
 */
export async function fetchJson(url: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Promise<unknown | null> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ScratchUnavailableError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ScratchUnavailableError(`${url}: HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new ScratchUnavailableError(`${url}: the answer is not JSON`);
  }
}

const httpUrlOrNull = (value: unknown) => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : null);

/** The parts of Scratch's answers we read; anything else in them is ignored. */
const scratchUserAnswer = z.object({
  id: z.number(),
  username: z.string(),
  profile: z.object({ images: z.record(z.string(), z.unknown()).nullish() }).nullish(),
});
const scratchProjectAnswer = z.object({
  title: z.string(),
  author: z.object({ username: z.string() }),
  image: z.unknown(),
  instructions: z.string().nullish(),
  description: z.string().nullish(),
  history: z.object({ created: z.unknown(), modified: z.unknown(), shared: z.unknown() }).partial().nullish(),
  remix: z.object({ parent: z.unknown(), root: z.unknown() }).partial().nullish(),
});
const scratchTitleAnswer = z.object({ title: z.string() });

/** An ISO timestamp of Scratch's `history`, or null when absent or not a date. */
const dateOrNull = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const projectIdOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

export async function fetchScratchUser(name: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Promise<ScratchUser | null> {
  const data = await fetchJson(`${config().SCRATCH_API_URL}/users/${encodeURIComponent(name)}`, timeoutMs);
  if (data === null) return null;
  const user = scratchUserAnswer.safeParse(data);
  if (!user.success) throw new ScratchUnavailableError(`users/${name}: unexpected answer`);
  const { id, username, profile } = user.data;
  return { id, username, avatarUrl: httpUrlOrNull(profile?.images?.['90x90']) };
}

/** A shared project with its title and author, or null when it does not exist or is not shared. */
export async function fetchScratchProject(id: number): Promise<ScratchProject | null> {
  const data = await fetchJson(`${config().SCRATCH_API_URL}/projects/${id}`);
  if (data === null) return null;
  const project = scratchProjectAnswer.safeParse(data);
  if (!project.success) throw new ScratchUnavailableError(`projects/${id}: unexpected answer`);
  const { title, author, image, instructions, description, history, remix } = project.data;
  return {
    id,
    title,
    authorName: author.username,
    thumbnailUrl: httpUrlOrNull(image),
    instructions: instructions ?? '',
    notes: description ?? '',
    history: {
      created: dateOrNull(history?.created),
      modified: dateOrNull(history?.modified),
      shared: dateOrNull(history?.shared),
    },
    remix: { parentId: projectIdOrNull(remix?.parent), rootId: projectIdOrNull(remix?.root) },
  };
}

/**
 * The title of a remixed project, best effort: null when it is gone, not shared, or Scratch cannot
 * be reached (a remix's parent never fails a submission or a check).
 */
export async function fetchScratchProjectTitle(id: number): Promise<string | null> {
  try {
    const data = await fetchJson(`${config().SCRATCH_API_URL}/projects/${id}`);
    const parsed = scratchTitleAnswer.safeParse(data);
    return parsed.success ? parsed.data.title : null;
  } catch {
    return null;
  }
}

/** The project with its remix parent's title (best effort), as entries store it. */
export async function fetchScratchProjectWithParent(
  id: number,
): Promise<(ScratchProject & { remixParentTitle: string | null }) | null> {
  const project = await fetchScratchProject(id);
  if (!project) return null;
  const remixParentTitle = project.remix.parentId === null ? null : await fetchScratchProjectTitle(project.remix.parentId);
  return { ...project, remixParentTitle };
}
