/**
 * Speaks the parts of api.scratch.mit.edu that Itinerary uses: /users/{name} and /projects/{id}
 * (with `history` and `remix` as Scratch answers them). Tests add users and projects with
 * `POST /__fixtures` and change a project (e.g. its `history.modified`, as if its author saved it
 * again) with `PATCH /__fixtures/projects/{id}`.
 */
import {
  type FakeScratchProject,
  type FakeScratchUser,
  SCRATCH_PROJECTS,
  SCRATCH_USERS,
  avatarUrl,
  thumbnailUrl,
} from './fixtures';
import { type RunningFake, listen, readBody, sendJson } from './http';

export interface ScratchApiFake extends RunningFake {
  users: FakeScratchUser[];
  projects: FakeScratchProject[];
}

export async function startScratchApi(port = 0): Promise<ScratchApiFake> {
  const users = structuredClone(SCRATCH_USERS);
  const projects = structuredClone(SCRATCH_PROJECTS);
  const notFound = { code: 'NotFound', message: '' };
  /** When a project without declared history was first asked about: its created, modified and shared. */
  const firstSeen = new Map<number, string>();
  const historyOf = (project: FakeScratchProject) => {
    if (project.history) return project.history;
    if (!firstSeen.has(project.id)) firstSeen.set(project.id, new Date().toISOString());
    const at = firstSeen.get(project.id)!;
    return { created: at, modified: at, shared: at };
  };

  const fake = await listen(async (req, res, url) => {
    const [, kind, key] = url.pathname.split('/').map(decodeURIComponent);
    if (req.method === 'POST' && kind === '__fixtures') {
      const body = JSON.parse(await readBody(req)) as { users?: FakeScratchUser[]; projects?: FakeScratchProject[] };
      users.push(...(body.users ?? []));
      projects.push(...(body.projects ?? []));
      return sendJson(res, 201, { ok: true });
    }
    if (req.method === 'PATCH' && kind === '__fixtures' && key === 'projects') {
      const id = Number(url.pathname.split('/')[3]);
      const project = projects.find((candidate) => candidate.id === id);
      if (!project) return sendJson(res, 404, notFound);
      const changes = JSON.parse(await readBody(req)) as Partial<FakeScratchProject> & {
        history?: Partial<FakeScratchProject['history'] & object>;
      };
      const { history, ...rest } = changes;
      Object.assign(project, rest);
      if (history) project.history = { ...historyOf(project), ...history };
      return sendJson(res, 200, { ok: true });
    }
    if (kind === 'users' && key) {
      const user = users.find((candidate) => candidate.username.toLowerCase() === key.toLowerCase());
      if (!user) return sendJson(res, 404, notFound);
      if (user.apiFails) return sendJson(res, 503, { code: 'ServiceUnavailable', message: '' });
      return sendJson(res, 200, {
        id: user.id,
        username: user.username,
        scratchteam: false,
        history: { joined: '2020-01-01T00:00:00.000Z' },
        profile: {
          id: user.id + 10_000,
          images: { '90x90': avatarUrl(user.id), '60x60': avatarUrl(user.id), '32x32': avatarUrl(user.id) },
          status: '',
          bio: '',
          country: 'Hungary',
        },
      });
    }
    if (kind === 'projects' && key && /^\d+$/.test(key)) {
      const project = projects.find((candidate) => candidate.id === Number(key));
      if (!project || !project.shared) return sendJson(res, 404, notFound);
      if (project.apiFails) return sendJson(res, 503, { code: 'ServiceUnavailable', message: '' });
      const author = users.find((user) => user.username === project.author);
      return sendJson(res, 200, {
        id: project.id,
        title: project.title,
        description: project.description ?? '',
        instructions: project.instructions ?? '',
        public: true,
        image: thumbnailUrl(project.id),
        history: historyOf(project),
        remix: project.remix ?? { parent: null, root: null },
        author: {
          id: author?.id ?? 0,
          username: project.author,
          profile: { images: { '90x90': avatarUrl(author?.id ?? 0) } },
        },
      });
    }
    sendJson(res, 404, notFound);
  }, port);
  return Object.assign(fake, { users, projects });
}
