import { type ReactNode, useState } from 'react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import { useT } from '#i18n/react';
import type { ReportedItemDto } from '#lib/schemas/reports';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useHydrated } from '../ui/use-hydrated';
import styles from './ModerationQueue.module.css';

type Action = 'dismiss' | 'remove-entry' | 'hide-note' | 'ban-author';

/** Dismiss, remove the entry or hide the note, ban the author: each asks first, then reloads the queue with a toast. */
export function ModerationActions({ item, canBan }: { item: ReportedItemDto; canBan: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<Action | null>(null);
  const [alsoRemove, setAlsoRemove] = useState(true);
  const title = item.entry?.title ?? item.jam.name;
  const author = item.note?.author.name ?? item.entry?.author.name ?? '';

  async function run(action: Action) {
    try {
      await api(`/reports/${item.key}/${action}`, {
        method: 'POST',
        body: action === 'ban-author' ? { removeEntry: !item.note && alsoRemove } : undefined,
      });
      const done = {
        dismiss: t('moderation.dismissed'),
        'remove-entry': t('moderation.removed'),
        'hide-note': t('moderation.noteHidden'),
        'ban-author': t('moderation.banned', { name: author }),
      };
      reloadWithToast(done[action]);
    } catch (error) {
      setAsking(null);
      reportFailure(t('moderation.failed'), error);
    }
  }

  const dialogs: Record<Action, { title: string; message: ReactNode; confirm: string; danger: boolean }> = {
    dismiss: {
      title: t('moderation.dismissTitle'),
      message: t('moderation.dismissConfirm', { title }),
      confirm: t('moderation.dismiss'),
      danger: false,
    },
    'remove-entry': {
      title: t('moderation.removeEntry'),
      message: t('moderation.removeConfirm', { title }),
      confirm: t('moderation.removeEntry'),
      danger: true,
    },
    'hide-note': {
      title: t('moderation.hideNote'),
      message: t('moderation.hideNoteConfirm', { name: author }),
      confirm: t('moderation.hideNote'),
      danger: true,
    },
    'ban-author': {
      title: t('moderation.banTitle', { name: author }),
      message: (
        <>
          {t('moderation.banConfirm')}
          {!item.note && (
            <label className={`checkbox ${styles.alsoRemove}`}>
              <input type="checkbox" checked={alsoRemove} onChange={(event) => setAlsoRemove(event.target.checked)} />
              {t('moderation.alsoRemove')}
            </label>
          )}
        </>
      ),
      confirm: t('moderation.banAuthor'),
      danger: true,
    },
  };
  const dialog = asking ? dialogs[asking] : null;

  return (
    <div className={`actions ${styles.actions}`} role="group" aria-label={t('moderation.actions', { title })}>
      <button type="button" className="button small" disabled={!hydrated} onClick={() => setAsking('dismiss')}>
        {t('moderation.dismiss')}
      </button>
      {item.note
        ? !item.note.hidden && (
            <button type="button" className="button small danger" disabled={!hydrated} onClick={() => setAsking('hide-note')}>
              {t('moderation.hideNote')}
            </button>
          )
        : item.entry && (
            <button type="button" className="button small danger" disabled={!hydrated} onClick={() => setAsking('remove-entry')}>
              {t('moderation.removeEntry')}
            </button>
          )}
      {item.entry && canBan && (
        <button type="button" className="button small danger" disabled={!hydrated} onClick={() => setAsking('ban-author')}>
          {t('moderation.banAuthor')}
        </button>
      )}
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message}
        confirmLabel={dialog?.confirm}
        danger={dialog?.danger}
        onCancel={() => setAsking(null)}
        onConfirm={() => (asking ? run(asking) : undefined)}
      />
    </div>
  );
}
