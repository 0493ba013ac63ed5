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
import {
  type ColumnDef,
  type RowData,
  type SortingState,
  type TableState,
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useEffectEvent, useId, useMemo } from 'react';
import { useLanguage, useT } from '#i18n/react';
import {
  ALL_ROWS,
  ALL_ROWS_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  type DataTableQuery,
  type FormatContext,
  type SortRule,
  type TableColumn,
  columnId,
  compareValues,
  formatValue,
  isAllRows,
  matchesDropdown,
  matchesText,
  readValue,
} from '#lib/table/columns';
import { ColumnFilter, GlobalSearch } from './DataTableFilters';
import { DataTablePagination } from './DataTablePagination';
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

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

type Features = typeof features;

/** The query a table state stands for, as server mode reports it. */
function queryOf(state: TableState<Features>): DataTableQuery {
  const { pageIndex, pageSize } = state.pagination;
  const all = isAllRows(pageSize);
  return {
    page: all ? 1 : pageIndex + 1,
    pageSize: all ? ALL_ROWS : pageSize,
    sort: state.sorting.map((rule) => ({ field: rule.id, type: rule.desc ? 'desc' : 'asc' })),
    filters: Object.fromEntries(
      state.columnFilters
        .filter((filter) => filter.value !== undefined && filter.value !== '')
        .map((f) => [f.id, String(f.value)]),
    ),
    search: typeof state.globalFilter === 'string' ? state.globalFilter : '',
  };
}

export function DataTable<Row extends RowData>({
  rows,
  columns,
  caption,
  loading = false,
  initialSort,
  searchable = true,
  pageSize = DEFAULT_PAGE_SIZE,
  server,
}: DataTableProps<Row>) {
  const manual = server !== undefined;
  const t = useT();
  const language = useLanguage();
  const hintId = useId();
  const context: FormatContext = useMemo(
    () => ({ lang: language === 'ir' ? 'ga' : language, yes: t('table.yes'), no: t('table.no') }),
    [language, t],
  );

  const definitions = useMemo<ColumnDef<Features, Row, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: columnId(column),
        accessorFn: (row: Row) => readValue(column, row),
        header: column.label,
        enableSorting: column.sortable !== false,
        enableColumnFilter: Boolean(column.filterOptions?.enabled),
        enableGlobalFilter: !column.globalSearchDisabled && !column.hidden,
        sortFn: (a, b) =>
          compareValues(column, a.getValue(columnId(column)), b.getValue(columnId(column)), a.original, b.original),
        filterFn: (row, id, value) =>
          column.filterOptions?.filterDropdownItems
            ? matchesDropdown(row.getValue(id), String(value))
            : matchesText(formatValue(column, row.original, context), row.getValue(id), String(value)),
      })),
    [columns, context],
  );

  const byId = useMemo(() => new Map(columns.map((column) => [columnId(column), column])), [columns]);
  const data = useMemo(() => [...rows], [rows]);
  const initialSorting: SortingState = (Array.isArray(initialSort) ? initialSort : initialSort ? [initialSort] : []).map(
    (rule: SortRule) => ({ id: rule.field, desc: rule.type === 'desc' }),
  );

  const table = useTable({
    features,
    columns: definitions,
    data,
    enableSortingRemoval: false,
    // Every column starts ascending (TanStack would start numbers descending).
    sortDescFirst: false,
    enableMultiSort: true,
    // Server mode: the rows come sorted, filtered and paged, and the server counts them all.
    manualSorting: manual,
    manualFiltering: manual,
    manualPagination: manual,
    rowCount: server?.total,
    globalFilterFn: (row, id, value) => {
      const column = byId.get(id);
      return column ? matchesText(formatValue(column, row.original, context), row.getValue(id), String(value)) : false;
    },
    getColumnCanGlobalFilter: (column) => {
      const model = byId.get(column.id);
      return Boolean(model && !model.globalSearchDisabled && !model.hidden);
    },
    initialState: {
      sorting: initialSorting,
      columnVisibility: Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [columnId(c), false])),
      pagination: { pageIndex: 0, pageSize: pageSize === ALL_ROWS ? ALL_ROWS_PAGE_SIZE : pageSize },
    },
  });

  // Server mode: report the query once at first and again whenever it changes (compared by value).
  const query = manual ? queryOf(table.state) : undefined;
  const queryKey = JSON.stringify(query ?? null);
  const report = useEffectEvent(() => {
    if (query) server?.onQueryChange(query);
  });
  useEffect(() => report(), [queryKey]);

  // Server mode: when fewer rows match than before (a user deleted on the last page), the page
  // past the end moves back to the last one. In the browser TanStack does this by itself.
  const { pageIndex } = table.state.pagination;
  const lastPageIndex = Math.max(0, table.getPageCount() - 1);
  useEffect(() => {
    if (manual && !loading && pageIndex > lastPageIndex) table.setPageIndex(lastPageIndex);
  }, [manual, loading, pageIndex, lastPageIndex, table]);

  /** A new sort, filter or search starts again on the first page (TanStack resets it only in the browser). */
  const firstPage = () => {
    if (manual) table.setPageIndex(0);
  };

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const pageRows = table.getRowModel().rows;
  const hasFilters = headers.some((header) => header.column.getCanFilter());

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
          <thead>
            <tr>
              {headers.map((header) => {
                const model = byId.get(header.column.id)!;
                const sorted = header.column.getIsSorted();
                const order = table.state.sorting.length > 1 && sorted ? header.column.getSortIndex() + 1 : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    style={model.width ? { width: model.width } : undefined}
                    aria-sort={
                      header.column.getSortIndex() === 0 && sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={(event) => {
                          header.column.getToggleSortingHandler()?.(event);
                          firstPage();
                        }}
                      >
                        {model.label}
                        <span className={styles.sortIndicator} aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          {order}
                        </span>
                        {sorted && (
                          <span className="visually-hidden">
                            {t(sorted === 'asc' ? 'table.sortedAscending' : 'table.sortedDescending')}
                          </span>
                        )}
                      </button>
                    ) : (
                      model.label
                    )}
                  </th>
                );
              })}
            </tr>
            {hasFilters && (
              <tr className={styles.filterRow}>
                {headers.map((header) => {
                  const model = byId.get(header.column.id)!;
                  return (
                    <td key={header.id}>
                      {header.column.getCanFilter() && model.filterOptions && (
                        <ColumnFilter
                          label={model.label}
                          options={model.filterOptions}
                          onFilter={(value) => {
                            header.column.setFilterValue(value || undefined);
                            firstPage();
                          }}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            )}
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={Math.max(1, headers.length)} className={styles.message}>
                  <span role="status">{t('table.loading')}</span>
                </td>
              </tr>
            ) : pageRows.length === 0 ? (
              <tr>
                <td colSpan={Math.max(1, headers.length)} className={styles.message}>
                  {t('table.noData')}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => {
                    const model = byId.get(cell.column.id)!;
                    const text = formatValue(model, row.original, context);
                    return (
                      <td
                        key={cell.id}
                        className={
                          model.type && model.type !== 'text' && model.type !== 'boolean' && model.type !== 'date'
                            ? styles.numeric
                            : undefined
                        }
                      >
                        {model.cell ? model.cell(row.original, text) : text}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('table.sortHint')}
      </p>
      <DataTablePagination table={table} />
    </div>
  );
}
