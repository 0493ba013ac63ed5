/**
 * /dashboard/users (spec §2 Dashboard, §6 Administrator): every user in the shared data table,
 * with creating a user, editing their flags and deleting them and their data. The table is in
 * server mode: the database pages, sorts and filters, and the browser loads one page at a time.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import type { AdminUserDto, UserListDto } from '#lib/schemas/users';
import type { DataTableQuery } from '#lib/table/columns';
import { userListParameters } from '#lib/table/users';
import { pushToast, pushToastAfterNavigation } from '#stores/toasts';
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

function Users({ selfId, homePath }: Omit<Props, 'messages'>) {
  const t = useT();
  const [rows, setRows] = useState<AdminUserDto[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminUserDto | null>(null);
  const [deleting, setDeleting] = useState<AdminUserDto | null>(null);
  /** What the table shows now; undefined until it reports its first query. */
  const shown = useRef<DataTableQuery | undefined>(undefined);
  /** Only the answer to the latest request is shown, however the answers overtake each other. */
  const latest = useRef(0);

  /**
   * Asks the server for the page the table shows. A new page, sort, filter or search shows the
   * table's loading state; a reload after a change (`quiet`) keeps the rows until the new ones come.
   */
  const load = useCallback((quiet: boolean) => {
    const query = shown.current;
    if (!query) return;
    const request = ++latest.current;
    if (!quiet) setLoading(true);
    api<UserListDto>('/users', { query: userListParameters(query) })
      .then((answer) => {
        if (request !== latest.current) return;
        setRows(answer.users);
        setTotal(answer.total);
      })
      .catch((error: unknown) => {
        if (request === latest.current) console.error('The users could not be loaded:', error);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, []);
  const reload = useCallback(() => load(true), [load]);
  const server = useMemo(
    () => ({
      total,
      onQueryChange: (query: DataTableQuery) => {
        shown.current = query;
        load(false);
      },
    }),
    [total, load],
  );

  function saved(user: AdminUserDto) {
    setEditing(null);
    // Without the admin flag (or banned) the page is no longer theirs: the guard sends them home.
    if (user.id === selfId && (!user.isAdmin || user.isBanned)) window.location.reload();
    else reload();
  }

  async function remove(user: AdminUserDto) {
    try {
      await api(`/users/${user.id}`, { method: 'DELETE' });
      setDeleting(null);
      const message = t('users.deleted', { name: user.name });
      if (user.id === selfId) {
        pushToastAfterNavigation({ type: 'success', content: { message } });
        window.location.assign(homePath);
        return;
      }
      pushToast({ type: 'success', content: { message } });
      reload();
    } catch (error) {
      reportFailure(t('users.deleteFailed'), error);
    }
  }

  // Their ids are the keys of USER_TABLE_COLUMNS (src/lib/table/users.ts): how the API sorts and filters each.
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
      <UsersCreateForm onCreated={reload} />
      <DataTable
        rows={rows}
        columns={columns}
        caption={t('users.table.caption')}
        loading={loading}
        initialSort={{ field: 'name', type: 'asc' }}
        server={server}
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
