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
import { type ReactNode, useId } from 'react';
import { useT } from '#i18n/react';
import type { DataTableQuery, SortRule, TableColumn } from '#lib/table/columns';
import { DataTableBody } from './DataTableBody';
import { GlobalSearch } from './DataTableFilters';
import { DataTableHead } from './DataTableHead';
import { DataTablePagination } from './DataTablePagination';
import { useDataTable } from './use-data-table';
import styles from './DataTable.module.css';

export interface DataTableColumn<Row> extends TableColumn<Row> {
  /** Custom cell content (links, buttons); the formatted text is passed in. */
  cell?: (row: Row, text: string) => ReactNode;
}

/** Server mode: the server sorts, filters and pages; the table shows one page at a time. */
export interface DataTableServer {
  /** How many rows match the filters and search, on every page together. */
  total: number;
  /**
   * Called with the first query once mounted, then whenever the page, page size, sort, a column
   * filter or the search changes (filters after their 400 ms pause); answer by passing that page's
   * `rows` and the new `total`, with `loading` while the answer is on its way.
   */
  onQueryChange(query: DataTableQuery): void;
}

export interface DataTableProps<Row extends RowData> {
  /** Every row; in server mode, the rows of the page the table asked for. */
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  /** The table's accessible name, shown as its caption. */
  caption: string;
  loading?: boolean;
  initialSort?: SortRule | readonly SortRule[];
  /** Show the global search box (default true). */
  searchable?: boolean;
  pageSize?: number;
  server?: DataTableServer;
}
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
