import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../lib/api-client';
import { jamStatus } from '../lib/jam-timing';
import { plural } from '../lib/plural';
import type { JamViewerDto } from '../lib/schemas/viewer';
import { $myVotes, loadMyVotes } from '../stores/votes';

export interface JamViewerLabels {
  entered: string;
  submitBelow: string;
  notAccepting: string;
  manager: string;
  admin: string;
  loginPrompt: string;
  login: string;
  banned: string;
  mysteryPreview: string;
  votesLeft_one: string;
  votesLeft_other: string;
}

interface Props {
  slug: string;
  startsAt: string;
  endsAt: string;
  loginHref: string;
  labels: JamViewerLabels;
}

/** The part of the jam page that depends on who is looking: entry state, role, mystery preview. */
export default function JamViewerBox({ slug, startsAt, endsAt, loginHref, labels }: Props) {
  const [viewer, setViewer] = useState<JamViewerDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const myVotes = useStore($myVotes);

  useEffect(() => {
    api<JamViewerDto>(`/jams/${encodeURIComponent(slug)}/viewer`)
      .then((state) => {
        setViewer(state);
        if (state.user && !state.user.isBanned) void loadMyVotes(slug).catch(() => undefined);
      })
      .catch((error: unknown) => setFailed(error instanceof ApiError));
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [slug]);

  if (!viewer) return <div className="viewer-box" aria-busy={!failed} />;

  const ongoing = jamStatus({ startsAt, endsAt }, now) === 'ongoing';
  if (!viewer.user) {
    return (
      <div className="viewer-box">
        <p>
          {labels.loginPrompt} <a href={loginHref}>{labels.login}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="viewer-box" aria-live="polite">
      {viewer.role === 'admin' && <p className="role">{labels.admin}</p>}
      {viewer.role === 'manager' && <p className="role">{labels.manager}</p>}
      {viewer.user.isBanned ? (
        <p>{labels.banned}</p>
      ) : viewer.entry ? (
        <p>{labels.entered}</p>
      ) : ongoing ? (
        <p>{labels.submitBelow}</p>
      ) : null}
      {!ongoing && <p>{labels.notAccepting}</p>}
      {ongoing && myVotes && !viewer.user.isBanned && (
        <p className="votes-left">
          {plural(document.documentElement.lang, { one: labels.votesLeft_one, other: labels.votesLeft_other }, myVotes.remaining)}
        </p>
      )}
      {viewer.hiddenBodyHtml && (
        <section className="mystery-preview" aria-label={labels.mysteryPreview}>
          <h2>{labels.mysteryPreview}</h2>
          <div className="markdown" dangerouslySetInnerHTML={{ __html: viewer.hiddenBodyHtml }} />
        </section>
      )}
    </div>
  );
}
