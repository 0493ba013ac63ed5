import { useIslandStore } from './ui/use-island-store';
import { votingRuleRefusal } from '#lib/voting-rule';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { jamPhase } from '#lib/jam-timing';
import { $jamViewer, loadJamViewer } from '#stores/jam-viewer';
import { $myVotes, loadMyVotes } from '#stores/votes';
import type { MyVotesDto } from '#lib/schemas/entries';
import type { JamQuestion } from '#lib/questions';
import type { JamVersionMode } from '#lib/jam-version';
import { ReportButton } from './report/ReportButton';
import styles from './JamViewerBox.module.css';

// Only managers and administrators get the tools (and the jam form inside them), only people who
// may still enter get the submit form (and the schema checking it): visitors download neither.
const SubmitEntry = lazy(() => import('./jam/SubmitEntry').then((module) => ({ default: module.SubmitEntry })));
const JoinJam = lazy(() => import('./jam/JoinJam').then((module) => ({ default: module.JoinJam })));
const ManagerTools = lazy(() => import('./jam/ManagerTools').then((module) => ({ default: module.ManagerTools })));

interface Props {
  messages: IslandMessages;
  slug: string;
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
  loginHref: string;
  homeHref: string;
  jamHref: string;
  /** The jam's submission questions (ADR 042), for the submit form. */
  questions: JamQuestion[];
  /** The theme is chosen by the community (ADR 043): the tools offer the suggestions' moderation. */
  themeRounds?: boolean;
  /** ADR 050: whether the submit form offers the jam version's upload. */
  jamVersion?: JamVersionMode;
}

/** The part of the jam page that depends on who is looking: entry state, votes left, role, manager tools. */
export default translated(ViewerBox);

function ViewerBox({
  slug,
  startsAt,
  endsAt,
  votingEndsAt,
  loginHref,
  homeHref,
  jamHref,
  questions,
  themeRounds = false,
  jamVersion = 'off',
}: Omit<Props, 'messages'>) {
  const t = useT();
  const viewer = useIslandStore($jamViewer, null);
  const myVotes = useIslandStore($myVotes, null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    loadJamViewer(slug)
      .then((state) => {
        if (state.user && !state.user.isBanned) void loadMyVotes(slug).catch(() => undefined);
      })
      .catch((error: unknown) => console.error(error));
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [slug]);

  if (!viewer) return <div className={`viewer-box ${styles.box} ${styles.loading}`} aria-busy="true" />;

  const phase = jamPhase({ startsAt, endsAt, votingEndsAt }, now);
  const ongoing = phase === 'ongoing';
  const votingOpen = ongoing || phase === 'voting';
  if (!viewer.user) {
    return (
      <div className={`viewer-box ${styles.box}`}>
        <p className={styles.prompt}>{t('jam.loginPrompt')}</p>{' '}
        <a className="button primary large" href={loginHref}>
          {t('nav.login')}
        </a>
      </div>
    );
  }
  const banned = viewer.user.isBanned;
  // A manager's late window for this person (ADR 042): they may still submit after the end.
  const late = viewer.lateUntil !== null && now < Date.parse(viewer.lateUntil);
  const state = banned ? 'banned' : viewer.entry ? 'entered' : ongoing || late ? 'open' : null;
  const stateText = { banned: t('jam.bannedNotice'), entered: t('jam.entered'), open: t('jam.submitBelow') };
  return (
    <div className={`viewer-box ${styles.box}`}>
      <div className={styles.status} aria-live="polite">
        {viewer.role === 'admin' && <p className={styles.role}>{t('jam.youAreAdmin')}</p>}
        {viewer.role === 'manager' && <p className={styles.role}>{t('jam.youAreManager')}</p>}
        {state && <p className={`${styles.state} ${styles[state]}`}>{stateText[state]}</p>}
        {!ongoing && phase !== 'voting' && <p className={`${styles.state} ${styles.closed}`}>{t('jam.notAccepting')}</p>}
        {phase === 'voting' && <p className={`${styles.state} ${styles.voting}`}>{t('voting.periodOpen')}</p>}
        {votingOpen && myVotes && !banned && <VotingRule votes={myVotes} />}
      </div>
      {(phase === 'upcoming' || ongoing) && !banned && (
        <Suspense fallback={<div className={styles.toolsPending} aria-hidden="true" />}>
          <JoinJam slug={slug} viewer={viewer} />
        </Suspense>
      )}
      {(ongoing || late) && !banned && !viewer.entry && (
        <div className={styles.submit}>
          <Suspense fallback={<div className={styles.toolsPending} aria-hidden="true" />}>
            <SubmitEntry slug={slug} questions={questions} lateUntil={late ? viewer.lateUntil : null} jamVersion={jamVersion} />
          </Suspense>
        </div>
      )}
      {viewer.allowed.length > 0 && (
        <Suspense fallback={<div className={styles.toolsPending} aria-hidden="true" />}>
          <ManagerTools
            slug={slug}
            endsAt={endsAt}
            viewer={viewer}
            homeHref={homeHref}
            jamHref={jamHref}
            themeRounds={themeRounds}
          />
        </Suspense>
      )}
      {!banned && (
        <div className={styles.report}>
          <ReportButton target={{ slug }} />
        </div>
      )}
      {viewer.hiddenBodyHtml && (
        <section className={`mystery-preview ${styles.preview}`} aria-labelledby="mystery-preview-heading">
          <h2 id="mystery-preview-heading">{t('jam.mysteryPreview')}</h2>
          <div className="markdown" dangerouslySetInnerHTML={{ __html: viewer.hiddenBodyHtml }} />
        </section>
      )}
    </div>
  );
}

/** Votes left, or why this person cannot vote here ("Who can vote"), and the "Play before you vote" rule. */
function VotingRule({ votes }: { votes: MyVotesDto }) {
  const t = useT();
  const refusal = votingRuleRefusal(votes);
  if (refusal) return <p className={`${styles.state} ${styles.closed}`}>{t(refusal)}</p>;
  const judge = votes.judge && votes.whoJudges !== 'community' && <p className={styles.rule}>{t('voting.youJudge')}</p>;
  if (votes.judging === 'ratings') {
    // A ratings jam (ADR 039): no limit, so how many entries this person has rated so far.
    const rated = new Set(votes.ratings.map((rating) => rating.entryId)).size;
    return (
      <>
        <p className={styles.votes}>{t('jam.ratedEntries', { count: rated })}</p>
        {judge}
        {votes.playBeforeVote && <p className={styles.rule}>{t('voting.playBeforeRatingRule')}</p>}
      </>
    );
  }
  return (
    <>
      <p className={styles.votes}>{t('jam.votesLeft', { count: votes.remaining })}</p>
      {judge}
      {votes.playBeforeVote && <p className={styles.rule}>{t('voting.playBeforeVoteRule')}</p>}
    </>
  );
}
