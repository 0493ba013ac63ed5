import { useState } from 'react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { useT } from '#i18n/react';
import type { ParticipationDto } from '#lib/schemas/jams';
import type { JamViewerDto } from '#lib/schemas/viewer';
import { $jamViewer } from '#stores/jam-viewer';
import styles from './JoinJam.module.css';

/** The public count next to the jam's timing ("128 joined"), brought up to date after a join. */
function showCount(text: string) {
  const element = document.querySelector<HTMLElement>('[data-participant-count]');
  if (element) element.textContent = text;
}

/**
 * Join / Joined + Leave. Submitting joins too, and then leaving is no longer possible; once the jam
 * has ended the parent shows nothing. Visitors get a "log in to join" link from the parent.
 */
export function JoinJam({ slug, viewer }: { slug: string; viewer: JamViewerDto }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  async function change(method: 'PUT' | 'DELETE') {
    setBusy(true);
    try {
      const state = await api<ParticipationDto>(`/jams/${encodeURIComponent(slug)}/participation`, { method });
      $jamViewer.set({ ...viewer, joined: state.joined });
      showCount(t('jam.joinedCount', { count: state.participantCount }));
    } catch (error) {
      reportFailure(t(method === 'PUT' ? 'jam.joinFailed' : 'jam.leaveFailed'), error);
    } finally {
      setBusy(false);
    }
  }

  if (viewer.entry) return null; // "You have entered this game jam." says it all: submitting joined
  if (!viewer.joined) {
    return (
      <button type="button" className="button primary large" disabled={busy} onClick={() => void change('PUT')}>
        {t('jam.join')}
      </button>
    );
  }
  return (
    <div className={styles.joined}>
      <p className={styles.badge}>{t('jam.youJoined')}</p>
      <button type="button" className="button ghost small" disabled={busy} onClick={() => void change('DELETE')}>
        {t('jam.leave')}
      </button>
    </div>
  );
}
