/**
 * The shared data table (spec §2, §3, §9) on TanStack Table: the column model of
 * src/lib/table/columns.ts, sorting that cycles asc/desc (shift-click adds a column),
 * per-column and global filters with a 400 ms pause, and pages of 10/20/30/40/50/All.
 * Render it inside an island wrapped in IslandI18n with the `table.` messages.
 */
import {
  type ColumnDef,
  type RowData,
  type SortingState,
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
import { type ReactNode, useId, useMemo } from 'react';
import { useLanguage, useT } from '#i18n/react';
import {
  ALL_ROWS,
  DEFAULT_PAGE_SIZE,
  type FormatContext,
  type SortRule,
  type TableColumn,
  columnId,
  compareValues,
  formatValue,
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

export interface DataTableProps<Row extends RowData> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  /** The table's accessible name, shown as its caption. */
  caption: string;
  loading?: boolean;
  initialSort?: SortRule | readonly SortRule[];
  /** Show the global search box (default true). */
  searchable?: boolean;
  pageSize?: number;
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

export function DataTable<Row extends RowData>({
  rows,
  columns,
  caption,
  loading = false,
  initialSort,
  searchable = true,
  pageSize = DEFAULT_PAGE_SIZE,
}: DataTableProps<Row>) {
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
      pagination: { pageIndex: 0, pageSize: pageSize === ALL_ROWS ? Number.MAX_SAFE_INTEGER : pageSize },
    },
  });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const pageRows = table.getRowModel().rows;
  const hasFilters = headers.some((header) => header.column.getCanFilter());

  return (
    <div className={styles.table}>
      {searchable && <GlobalSearch onSearch={(value) => table.setGlobalFilter(value)} />}
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
                      <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
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
                          onFilter={(value) => header.column.setFilterValue(value || undefined)}
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
