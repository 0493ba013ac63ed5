import { avatarPath } from '#lib/avatars';
import { useCallback, useEffect, useId, useState } from 'react';
import { useLanguage, useT } from '#i18n/react';
import { userHref } from '#i18n/paths';
import { ApiError, api } from '#client/api-client';
import { addJudgeSchema, type JudgeDto, type JudgeListDto } from '#lib/schemas/judges';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { Spinner } from '#islands/ui/Spinner.tsx';
import Avatar from '#components/ui/Avatar.tsx';
import { AddByUsername } from './AddByUsername';
import styles from './PeopleEditor.module.css';
import { reportFailure } from '#client/report-failure';

/** The jam's judges (ADR 040): invite by username (they answer in their inbox), withdraw or remove with confirmation. */
export function JudgesEditor({ slug }: { slug: string }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/judges`;
  const [list, setList] = useState<JudgeListDto | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<JudgeDto | null>(null);
  const [status, setStatus] = useState('');

  const reload = useCallback(
    () =>
      api<JudgeListDto>(base)
        .then(setList)
        .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure))),
    [base],
  );
  useEffect(() => void reload(), [reload]);

  async function invite(event: React.SubmitEvent) {
    event.preventDefault();
    const parsed = addJudgeSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      setList(await api<JudgeListDto>(base, { method: 'POST', body: parsed.data }));
      setError(null);
      setName('');
      setStatus(t('judges.invited', { name: parsed.data.name }));
    } catch (failure) {
      console.error(failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  async function remove(judge: JudgeDto) {
    try {
      await api(`${base}/${encodeURIComponent(judge.name)}`, { method: 'DELETE' });
      setPending(null);
      setStatus(t(judge.status === 'invited' ? 'judges.withdrawn' : 'judges.removed', { name: judge.name }));
      await reload();
    } catch (failure) {
      setPending(null);
      reportFailure(t('judges.removeFailed'), failure, { reason: 'api' });
    }
  }

  return (
    <div className={`judges-editor ${styles.editor}`}>
      <p className="hint">{list ? t(`jamForm.whoJudges.${list.whoJudges}Hint`) : ''}</p>
      {list === null ? (
        <Spinner />
      ) : list.judges.length === 0 ? (
        <p className={`empty-state ${styles.empty}`}>{t('judges.none')}</p>
      ) : (
        <ul className={`judges card-list ${styles.list}`} aria-label={t('judges.title')}>
          {list.judges.map((judge) => (
            <li key={judge.name} className={styles.person}>
              <Avatar username={judge.name} src={avatarPath(judge.name)} size="2.25rem" />{' '}
              <a className={styles.name} href={userHref(language, judge.name)}>
                {judge.name}
              </a>{' '}
              <span className={`chip ${judge.status === 'accepted' ? 'approved' : 'pending'}`}>
                {t(judge.status === 'accepted' ? 'judges.accepted' : 'judges.pending')}
              </span>{' '}
              <button type="button" className="button small ghost" onClick={() => setPending(judge)}>
                {t(judge.status === 'accepted' ? 'judges.remove' : 'judges.withdraw')}
                <span className="visually-hidden"> {judge.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list && list.judges.length < list.max && (
        <AddByUsername
          id={id}
          label={t('judges.inviteLabel')}
          submitLabel={t('judges.invite')}
          name={name}
          onNameChange={setName}
          error={error}
          onSubmit={invite}
        />
      )}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      <ConfirmDialog
        open={pending !== null}
        danger
        title={t(pending?.status === 'accepted' ? 'judges.removeTitle' : 'judges.withdrawTitle', { name: pending?.name ?? '' })}
        message={t(pending?.status === 'accepted' ? 'judges.removeMessage' : 'judges.withdrawMessage')}
        confirmLabel={t(pending?.status === 'accepted' ? 'judges.remove' : 'judges.withdraw')}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove(pending)}
      />
    </div>
  );
}
