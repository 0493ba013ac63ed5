/**
 * The shared data table (spec §2, §3, §9) on TanStack Table: the column model of
 * src/lib/table/columns.ts, sorting that cycles asc/desc (shift-click adds a column),
 * per-column and global filters with a 400 ms pause, and pages of 10/20/30/40/50/All.
 * Render it inside an island wrapped in IslandI18n with the `table.` messages.
 *
 * Two modes, one table. Without `server` it is given every row and sorts, filters and pages them
 * in the browser. With `server` it is given one page that the server sorted and filtered, and the
 * number of matching rows; it reports what to show next (page, size, sort, filters, search) through
 * `server.onQueryChange` and shows the rows it is given.
 */
import type { RowData } from '@tanstack/react-table';
import { useId } from 'react';
import { useT } from '#i18n/react';
import { DataTableBody } from './DataTableBody';
import { GlobalSearch } from './DataTableFilters';
import { DataTableHead } from './DataTableHead';
import { DataTablePagination } from './DataTablePagination';
import type { DataTableProps } from './table-props';
import { useDataTable } from './use-data-table';
import styles from './DataTable.module.css';

export type { DataTableColumn, DataTableProps } from './table-props';

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { caption, loading = false, searchable = true } = props;
  const t = useT();
  const hintId = useId();
  const model = useDataTable(props);
  const { table, firstPage } = model;

  return (
    <div className={styles.table}>
      {searchable && (
        <GlobalSearch
          onSearch={(value) => {
            table.setGlobalFilter(value);
            firstPage();
          }}
        />
      )}
      <div className={styles.scroll}>
        <table aria-busy={loading} aria-describedby={hintId}>
          <caption>{caption}</caption>
          <DataTableHead model={model} />
          <DataTableBody model={model} loading={loading} />
        </table>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('table.sortHint')}
      </p>
      <DataTablePagination table={table} />
    </div>
  );
}
