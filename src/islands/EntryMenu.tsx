import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../lib/api-client';
import type { JamViewerDto } from '../lib/schemas/viewer';
import { pushNotification, pushNotificationAfterNavigation } from '../stores/notifications';
import { $session, loadSession } from '../stores/session';

export interface EntryMenuLabels {
  menu: string;
  remove: string;
  removeConfirm: string;
  removed: string;
  selectWinner: string;
  revokeWinner: string;
  winnerSelected: string;
  winnerRevoked: string;
  cancel: string;
  confirm: string;
}

interface Props {
  slug: string;
  entryId: number;
  title: string;
  authorName: string;
  isWinner: boolean;
  endsAt: string;
  labels: EntryMenuLabels;
}

let viewerRequest: Promise<JamViewerDto> | undefined;
const viewerOf = (slug: string) => (viewerRequest ??= api<JamViewerDto>(`/jams/${encodeURIComponent(slug)}/viewer`));

/** Remove an entry (its submitter, managers, admins) and select or revoke the winner (managers, admins, after the end). */
export default function EntryMenu({ slug, entryId, title, authorName, isWinner, endsAt, labels }: Props) {
  const session = useStore($session);
  const [allowed, setAllowed] = useState<string[]>([]);

  useEffect(() => {
    void loadSession().then(() => {
      if ($session.get().status === 'authenticated') void viewerOf(slug).then((viewer) => setAllowed(viewer.allowed)).catch(() => undefined);
    });
  }, [slug]);

  const own = session.user?.name.toLowerCase() === authorName.toLowerCase();
  const canRemove = own || allowed.includes('jam:remove-entry');
  const canChooseWinner = allowed.includes('jam:select-winner') && Date.now() >= Date.parse(endsAt);
  if (!canRemove && !canChooseWinner) return null;

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      pushNotificationAfterNavigation({ type: 'success', content: { message: success } });
      window.location.reload();
    } catch (error) {
      console.error(error);
      pushNotification({ type: 'error', content: { message: error instanceof ApiError ? error.message : String(error) } });
    }
  }

  const base = `/jams/${encodeURIComponent(slug)}/entries/${entryId}`;
  return (
    <div className="entry-menu">
      {canChooseWinner && (
        <button
          type="button"
          className="button"
          onClick={() => run(() => api(`${base}/winner`, { method: isWinner ? 'DELETE' : 'PUT' }), isWinner ? labels.winnerRevoked : labels.winnerSelected)}
        >
          {isWinner ? labels.revokeWinner : labels.selectWinner}
        </button>
      )}
      {canRemove && (
        <button
          type="button"
          className="button danger"
          onClick={() => {
            if (window.confirm(labels.removeConfirm.replace('{{title}}', title))) void run(() => api(base, { method: 'DELETE' }), labels.removed);
          }}
        >
          {labels.remove}
        </button>
      )}
    </div>
  );
}
