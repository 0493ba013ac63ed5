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
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useLanguage, useT } from '#i18n/react';
import {
  ALL_ROWS,
  ALL_ROWS_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  type DataTableQuery,
  type FormatContext,
  type SortRule,
  columnId,
  compareValues,
  formatValue,
  isAllRows,
  matchesDropdown,
  matchesText,
  readValue,
} from '#lib/table/columns';
import type { DataTableProps } from './table-props';

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

/**
 * The TanStack table behind DataTable: the column model turned into TanStack's columns, sorting and
 * filtering on the formatted values, and in server mode the query reported whenever it changes.
 */
export function useDataTable<Row extends RowData>({
  rows,
  columns,
  loading = false,
  initialSort,
  pageSize = DEFAULT_PAGE_SIZE,
  server,
}: DataTableProps<Row>) {
  const manual = server !== undefined;
  const t = useT();
  const language = useLanguage();
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

  return { table, byId, context, firstPage };
}

export type DataTableModel<Row extends RowData> = ReturnType<typeof useDataTable<Row>>;
