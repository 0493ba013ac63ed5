import type { RowData } from '@tanstack/react-table';
import { useT } from '#i18n/react';
import { ColumnFilter } from './DataTableFilters';
import type { DataTableModel } from './use-data-table';
import styles from './DataTable.module.css';

/** The column headers (a sort button each, where the column sorts) and, below them, the column filters. */
export function DataTableHead<Row extends RowData>({ model: { table, byId, firstPage } }: { model: DataTableModel<Row> }) {
  const t = useT();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const hasFilters = headers.some((header) => header.column.getCanFilter());
  return (
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
  );
}
