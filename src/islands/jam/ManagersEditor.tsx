import { useId, useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import type { ManagerDto } from '#lib/schemas/jams';
import { pushToast } from '#stores/toasts';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { Spinner } from '#islands/ui/Spinner.tsx';
import { AddByUsername } from './AddByUsername';
import { PersonRow, usePeopleEditor } from './people-editor';
import styles from './PeopleEditor.module.css';

type Pending = { kind: 'remove'; manager: ManagerDto } | { kind: 'leave' } | null;

/** The list of managers: add by username, remove with confirmation, or leave the role yourself. */
export function ManagersEditor({ slug, viewerName, isManager }: { slug: string; viewerName: string; isManager: boolean }) {
  const t = useT();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/managers`;
  const { list, reload, name, setName, error, addWith } = usePeopleEditor<{ managers: ManagerDto[] }>(base);
  const managers = list?.managers ?? null;
  const [pending, setPending] = useState<Pending>(null);

  const add = addWith(
    (name) => api<ManagerDto>(base, { method: 'POST', body: { name } }),
    async (added) => {
      pushToast({ type: 'success', content: { message: t('manage.managerAdded', { name: added.name }) } });
      await reload();
    },
  );

  async function remove(target: string, leaving: boolean) {
    try {
      await api(`${base}/${encodeURIComponent(target)}`, { method: 'DELETE' });
      setPending(null);
      if (leaving) return reloadWithToast(t('manage.left'));
      pushToast({ type: 'success', content: { message: t('manage.managerRemoved', { name: target }) } });
      await reload();
    } catch (failure) {
      setPending(null);
      reportFailure(t(leaving ? 'manage.leaveFailed' : 'manage.removeFailed'), failure, { reason: 'api' });
    }
  }

  return (
    <div className={`managers-editor ${styles.editor}`}>
      {managers === null ? (
        <Spinner />
      ) : managers.length === 0 ? (
        <p className={`empty-state ${styles.empty}`}>{t('manage.noManagers')}</p>
      ) : (
        <ul className={`managers card-list ${styles.list}`}>
          {managers.map((manager) => (
            <PersonRow key={manager.id} name={manager.name}>
              {manager.name !== viewerName && (
                <>
                  {' '}
                  <button type="button" className="button small ghost" onClick={() => setPending({ kind: 'remove', manager })}>
                    {t('manage.remove')}
                    <span className="visually-hidden"> {manager.name}</span>
                  </button>
                </>
              )}
            </PersonRow>
          ))}
        </ul>
      )}
      <AddByUsername
        id={id}
        label={t('manage.addLabel')}
        submitLabel={t('manage.add')}
        name={name}
        onNameChange={setName}
        error={error}
        onSubmit={add}
      />
      {isManager && (
        <div className={styles.leave}>
          <button type="button" className="button danger" onClick={() => setPending({ kind: 'leave' })}>
            {t('manage.leave')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        danger
        title={
          pending?.kind === 'leave'
            ? t('manage.leaveTitle')
            : t('manage.removeTitle', { name: pending?.kind === 'remove' ? pending.manager.name : '' })
        }
        message={pending?.kind === 'leave' ? t('manage.leaveMessage') : t('manage.removeMessage')}
        confirmLabel={pending?.kind === 'leave' ? t('manage.leave') : t('manage.remove')}
        onCancel={() => setPending(null)}
        onConfirm={() => (pending?.kind === 'leave' ? remove(viewerName, true) : pending && remove(pending.manager.name, false))}
      />
    </div>
  );
}
