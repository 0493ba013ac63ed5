import { avatarPath } from '#lib/avatars';
import { useCallback, useEffect, useId, useState } from 'react';
import { useLanguage, useT } from '#i18n/react';
import { userHref } from '#i18n/paths';
import { ApiError, api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { addManagerSchema, type ManagerDto } from '#lib/schemas/jams';
import { pushToast } from '#stores/toasts';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { Spinner } from '#islands/ui/Spinner.tsx';
import Avatar from '#components/ui/Avatar.tsx';
import { AddByUsername } from './AddByUsername';
import styles from './PeopleEditor.module.css';
import { reportFailure } from '#client/report-failure';

type Pending = { kind: 'remove'; manager: ManagerDto } | { kind: 'leave' } | null;

/** The list of managers: add by username, remove with confirmation, or leave the role yourself. */
export function ManagersEditor({ slug, viewerName, isManager }: { slug: string; viewerName: string; isManager: boolean }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/managers`;
  const [managers, setManagers] = useState<ManagerDto[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const reload = useCallback(
    () =>
      api<{ managers: ManagerDto[] }>(base)
        .then((answer) => setManagers(answer.managers))
        .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure))),
    [base],
  );
  useEffect(() => void reload(), [reload]);

  async function add(event: React.SubmitEvent) {
    event.preventDefault();
    const parsed = addManagerSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      const added = await api<ManagerDto>(base, { method: 'POST', body: parsed.data });
      setError(null);
      setName('');
      pushToast({ type: 'success', content: { message: t('manage.managerAdded', { name: added.name }) } });
      await reload();
    } catch (failure) {
      console.error(failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

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
            <li key={manager.id} className={styles.person}>
              <Avatar username={manager.name} src={avatarPath(manager.name)} size="2.25rem" />{' '}
              <a className={styles.name} href={userHref(language, manager.name)}>
                {manager.name}
              </a>
              {manager.name !== viewerName && (
                <>
                  {' '}
                  <button type="button" className="button small ghost" onClick={() => setPending({ kind: 'remove', manager })}>
                    {t('manage.remove')}
                    <span className="visually-hidden"> {manager.name}</span>
                  </button>
                </>
              )}
            </li>
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
