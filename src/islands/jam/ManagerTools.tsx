import { useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import type { JamDto } from '#lib/schemas/jams';
import type { ThemeRoundsDto } from '#lib/schemas/themes';
import type { JamViewerDto } from '#lib/schemas/viewer';
import { viewerMay } from '#stores/jam-viewer';
import { pushToast } from '#stores/toasts';
import JamForm from '#islands/JamForm.tsx';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { Dropdown, type DropdownItem } from '#islands/ui/Dropdown.tsx';
import { Modal } from '#islands/ui/Modal.tsx';
import { ManagersEditor } from './ManagersEditor';
import { LateWindows } from './LateWindows';
import { JudgesEditor } from './JudgesEditor';
import { ThemeSuggestions } from './ThemeSuggestions';
import { checkAllEntriesNow, checkSummaryText } from './check-entries';
import styles from './ManagerTools.module.css';
import { reportFailure } from '#client/report-failure';

type Dialog =
  'edit' | 'managers' | 'judges' | 'late' | 'themes' | 'advanced' | 'clear-votes' | 'clear-submissions' | 'delete' | null;

interface Props {
  slug: string;
  /** The submission end: late windows start after it. */
  endsAt: string;
  viewer: JamViewerDto;
  homeHref: string;
  jamHref: string;
  /** The theme is chosen by the community (ADR 043): "Theme suggestions" is offered. */
  themeRounds?: boolean;
}

/** The ⋮ menu of managers and administrators (spec §6). The server checks every action again. */
export function ManagerTools({ slug, endsAt, viewer, homeHref, jamHref, themeRounds = false }: Props) {
  const t = useT();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [jam, setJam] = useState<JamDto | null>(null);
  const [themeSchedule, setThemeSchedule] = useState<ThemeRoundsDto | null>(null);
  const [mystery, setMystery] = useState(false);
  const base = `/jams/${encodeURIComponent(slug)}`;

  async function open(next: Dialog) {
    if (next === 'edit' || next === 'advanced') {
      try {
        // The form edits the theme rounds too (ADR 043): their schedule is read beside the jam.
        const [loaded, schedule] = await Promise.all([
          api<JamDto>(base),
          next === 'edit' ? api<ThemeRoundsDto>(`${base}/theme`) : null,
        ]);
        setJam(loaded);
        setThemeSchedule(schedule);
        setMystery(loaded.mystery);
      } catch (failure) {
        return fail(failure);
      }
    }
    setDialog(next);
  }

  function fail(failure: unknown, prefix?: string) {
    reportFailure(prefix ?? null, failure, { reason: 'always' });
  }

  async function act(request: () => Promise<unknown>, success: string, failure: string, to?: string) {
    try {
      await request();
      setDialog(null);
      reloadWithToast(success, 'success', to);
    } catch (error) {
      setDialog(null);
      fail(error, failure);
    }
  }

  const toggleFeatured = async () => {
    try {
      const current = await api<JamDto>(base);
      await act(
        () => api(`${base}/featured`, { method: 'PUT', body: { featured: !current.featured } }),
        current.featured ? t('manage.unfeatured') : t('manage.featured'),
        t('manage.failed'),
      );
    } catch (error) {
      fail(error);
    }
  };

  const checkNow = async () => {
    pushToast({ type: 'default', content: { message: t('manage.checking'), loading: true } });
    try {
      const summary = await checkAllEntriesNow(slug);
      reloadWithToast(checkSummaryText(summary, t as never, 'manage'), summary.missing > 0 ? 'warning' : 'success');
    } catch (error) {
      fail(error, t('manage.checkFailed'));
    }
  };

  const candidates: (DropdownItem | false)[] = [
    viewerMay(viewer, 'jam:edit') && { label: t('manage.edit'), onSelect: () => void open('edit') },
    viewerMay(viewer, 'jam:manage-managers') && { label: t('manage.managers'), onSelect: () => void open('managers') },
    viewerMay(viewer, 'jam:grant-late') && { label: t('late.title'), onSelect: () => void open('late') },
    viewerMay(viewer, 'jam:manage-judges') && { label: t('judges.menu'), onSelect: () => void open('judges') },
    themeRounds &&
      viewerMay(viewer, 'jam:moderate-themes') && { label: t('themeModeration.menu'), onSelect: () => void open('themes') },
    viewerMay(viewer, 'jam:download-entries') && { label: t('manage.downloadEntries'), href: `/api${base}/entries.csv` },
    viewerMay(viewer, 'jam:read-activity') && {
      label: t('manage.activity'),
      href: `${jamHref.replace('{slug}', encodeURIComponent(slug))}/activity`,
    },
    viewerMay(viewer, 'jam:review-entries') && {
      label: t('manage.review'),
      href: `${jamHref.replace('{slug}', encodeURIComponent(slug))}/review`,
    },
    viewerMay(viewer, 'jam:review-entries') && { label: t('manage.checkNow'), onSelect: () => void checkNow() },
    viewerMay(viewer, 'jam:feature') && { label: t('manage.toggleFeatured'), onSelect: () => void toggleFeatured() },
    viewerMay(viewer, 'jam:advanced') && { label: t('manage.advanced'), onSelect: () => void open('advanced') },
    viewerMay(viewer, 'jam:clear-votes') && { label: t('manage.clearVotes'), onSelect: () => setDialog('clear-votes') },
    viewerMay(viewer, 'jam:clear-submissions') && {
      label: t('manage.clearSubmissions'),
      onSelect: () => setDialog('clear-submissions'),
    },
    viewerMay(viewer, 'jam:delete') && { label: t('manage.delete'), onSelect: () => setDialog('delete') },
  ];
  const items = candidates.filter((item): item is DropdownItem => item !== false);
  if (items.length === 0) return null;

  const confirmations = {
    'clear-votes': {
      title: t('manage.clearVotesTitle'),
      message: t('manage.clearVotesMessage'),
      run: () => act(() => api(`${base}/votes`, { method: 'DELETE' }), t('manage.votesCleared'), t('manage.failed')),
    },
    'clear-submissions': {
      title: t('manage.clearSubmissionsTitle'),
      message: t('manage.clearSubmissionsMessage'),
      run: () => act(() => api(`${base}/entries`, { method: 'DELETE' }), t('manage.submissionsCleared'), t('manage.failed')),
    },
    delete: {
      title: t('manage.deleteTitle'),
      message: t('manage.deleteMessage'),
      run: () => act(() => api(base, { method: 'DELETE' }), t('manage.deleted'), t('manage.deleteFailed'), homeHref),
    },
  } as const;
  const confirmation = dialog && dialog in confirmations ? confirmations[dialog as keyof typeof confirmations] : null;

  return (
    <div className={`manager-tools ${styles.tools}`}>
      <Dropdown
        label={
          <>
            <span aria-hidden="true">⋮ </span>
            {t('manage.menu')}
          </>
        }
        items={items}
        placement="bottom-end"
        buttonClassName="button secondary"
      />
      <Modal open={dialog === 'edit'} onClose={() => setDialog(null)} header={t('manage.edit')}>
        {jam && <JamForm jam={jam} themeSchedule={themeSchedule} redirectTo={jamHref} onCancel={() => setDialog(null)} />}
      </Modal>
      <Modal open={dialog === 'managers'} onClose={() => setDialog(null)} header={t('manage.managers')}>
        {dialog === 'managers' && (
          <ManagersEditor slug={slug} viewerName={viewer.user?.name ?? ''} isManager={viewer.isManager} />
        )}
      </Modal>
      <Modal open={dialog === 'late'} onClose={() => setDialog(null)} header={t('late.title')}>
        {dialog === 'late' && <LateWindows slug={slug} endsAt={endsAt} />}
      </Modal>
      <Modal open={dialog === 'judges'} onClose={() => setDialog(null)} header={t('judges.title')}>
        {dialog === 'judges' && <JudgesEditor slug={slug} />}
      </Modal>
      <Modal open={dialog === 'themes'} onClose={() => setDialog(null)} header={t('themeModeration.menu')}>
        {dialog === 'themes' && <ThemeSuggestions slug={slug} />}
      </Modal>
      <Modal
        open={dialog === 'advanced'}
        onClose={() => setDialog(null)}
        header={t('manage.advanced')}
        actions={
          <>
            <button type="button" className="button" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() =>
                act(
                  () => api(`${base}/advanced`, { method: 'PUT', body: { mystery } }),
                  t('manage.advancedSaved'),
                  t('manage.failed'),
                )
              }
            >
              {t('manage.save')}
            </button>
          </>
        }
      >
        <label className="checkbox">
          <input type="checkbox" checked={mystery} onChange={(event) => setMystery(event.target.checked)} />{' '}
          {t('jamForm.mystery')}
        </label>
        <p className="hint">{t('jamForm.mysteryHint')}</p>
      </Modal>
      <ConfirmDialog
        open={confirmation !== null}
        danger
        title={confirmation?.title ?? ''}
        message={confirmation?.message}
        onCancel={() => setDialog(null)}
        onConfirm={() => confirmation?.run()}
      />
    </div>
  );
}
