/**
 * /dashboard/users (spec §2 Dashboard, §6 Administrator): every user in the shared data table,
 * with creating a user, editing their flags and deleting them and their data.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import type { AdminUserDto, UserListDto } from '#lib/schemas/users';
import { pushNotification, pushNotificationAfterNavigation } from '#stores/notifications';
import styles from './UsersAdmin.module.css';
import { UsersCreateForm } from './UsersCreateForm';
import { UsersEditFlags } from './UsersEditFlags';
import { ConfirmDialog } from './ui/ConfirmDialog';
import { type DataTableColumn, DataTable } from './ui/table/DataTable';

interface Props {
  messages: IslandMessages;
  /** The administrator looking at the page. */
  selfId: number;
  homePath: string;
}

export default translated(Users);

/** The table sorts, filters and pages the whole list in the browser, so it asks for every user. */
const loadUsers = () => api<UserListDto>('/users', { query: { perPage: 'all', sort: 'name:asc' } });

function Users({ selfId, homePath }: Omit<Props, 'messages'>) {
  const t = useT();
  const [rows, setRows] = useState<AdminUserDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminUserDto | null>(null);
  const [deleting, setDeleting] = useState<AdminUserDto | null>(null);

  // `loading` starts true; a later reload (after an edit) shows the rows it has until the new ones come.
  const reload = useCallback(
    () =>
      loadUsers()
        .then((answer) => setRows(answer.users))
        .catch((error: unknown) => console.error('The users could not be loaded:', error))
        .finally(() => setLoading(false)),
    [],
  );
  useEffect(() => void reload(), [reload]);

  function saved(user: AdminUserDto) {
    setEditing(null);
    // Without the admin flag (or banned) the page is no longer theirs: the guard sends them home.
    if (user.id === selfId && (!user.isAdmin || user.isBanned)) window.location.reload();
    else void reload();
  }

  async function remove(user: AdminUserDto) {
    try {
      await api(`/users/${user.id}`, { method: 'DELETE' });
      setDeleting(null);
      const message = t('users.deleted', { name: user.name });
      if (user.id === selfId) {
        pushNotificationAfterNavigation({ type: 'success', content: { message } });
        window.location.assign(homePath);
        return;
      }
      pushNotification({ type: 'success', content: { message } });
      void reload();
    } catch (error) {
      reportFailure(t('users.deleteFailed'), error);
    }
  }

  const columns = useMemo<DataTableColumn<AdminUserDto>[]>(() => {
    const yesNo = [
      { value: true, text: t('table.yes') },
      { value: false, text: t('table.no') },
    ];
    return [
      { label: t('users.column.name'), field: 'name', filterOptions: { enabled: true } },
      { label: t('users.column.id'), field: 'id', type: 'number', width: '8rem', filterOptions: { enabled: true } },
      {
        label: t('users.column.isAdmin'),
        field: 'isAdmin',
        type: 'boolean',
        filterOptions: { enabled: true, filterDropdownItems: yesNo },
      },
      {
        label: t('users.column.isBanned'),
        field: 'isBanned',
        type: 'boolean',
        filterOptions: { enabled: true, filterDropdownItems: yesNo },
      },
      { label: t('users.column.updatedAt'), field: 'updatedAt', type: 'date' },
      {
        label: t('users.column.updatedBy'),
        id: 'updatedBy',
        field: (user) => user.updatedBy?.name ?? '',
        filterOptions: { enabled: true },
      },
      {
        label: t('users.column.actions'),
        id: 'actions',
        field: () => '',
        sortable: false,
        globalSearchDisabled: true,
        cell: (user) => (
          <span className={styles.rowActions}>
            <button
              type="button"
              className="button"
              aria-label={t('users.editLabel', { name: user.name })}
              onClick={() => setEditing(user)}
            >
              {t('users.edit')}
            </button>
            <button
              type="button"
              className="button danger"
              aria-label={t('users.deleteLabel', { name: user.name })}
              onClick={() => setDeleting(user)}
            >
              {t('users.delete')}
            </button>
          </span>
        ),
      },
    ];
  }, [t]);

  return (
    <>
      <UsersCreateForm onCreated={() => void reload()} />
      <DataTable
        rows={rows}
        columns={columns}
        caption={t('users.table.caption')}
        loading={loading}
        initialSort={{ field: 'name', type: 'asc' }}
      />
      {editing && (
        <UsersEditFlags user={editing} isSelf={editing.id === selfId} onClose={() => setEditing(null)} onSaved={saved} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('users.delete.title', { name: deleting?.name ?? '' })}
        message={t('users.delete.message')}
        confirmLabel={t('users.delete.confirm')}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
