import { useId, useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import type { JudgeDto, JudgeListDto } from '#lib/schemas/judges';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { Spinner } from '#islands/ui/Spinner.tsx';
import { AddByUsername } from './AddByUsername';
import { PersonRow, usePeopleEditor } from './people-editor';
import styles from './PeopleEditor.module.css';

/** The jam's judges (ADR 040): invite by username (they answer in their inbox), withdraw or remove with confirmation. */
export function JudgesEditor({ slug }: { slug: string }) {
  const t = useT();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/judges`;
  const { list, setList, reload, name, setName, error, addWith } = usePeopleEditor<JudgeListDto>(base);
  const [pending, setPending] = useState<JudgeDto | null>(null);
  const [status, setStatus] = useState('');

  const invite = addWith(
    (name) => api<JudgeListDto>(base, { method: 'POST', body: { name } }),
    (judges, name) => {
      setList(judges);
      setStatus(t('judges.invited', { name }));
    },
  );

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
            <PersonRow key={judge.name} name={judge.name}>
              {' '}
              <span className={`chip ${judge.status === 'accepted' ? 'approved' : 'pending'}`}>
                {t(judge.status === 'accepted' ? 'judges.accepted' : 'judges.pending')}
              </span>{' '}
              <button type="button" className="button small ghost" onClick={() => setPending(judge)}>
                {t(judge.status === 'accepted' ? 'judges.remove' : 'judges.withdraw')}
                <span className="visually-hidden"> {judge.name}</span>
              </button>
            </PersonRow>
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
