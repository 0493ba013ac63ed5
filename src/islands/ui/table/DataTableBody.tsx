import type { RowData } from '@tanstack/react-table';
import { useT } from '#i18n/react';
import { formatValue } from '#lib/table/columns';
import type { DataTableModel } from './use-data-table';
import styles from './DataTable.module.css';

/** The page's rows, or a row saying they are loading or that none match. */
export function DataTableBody<Row extends RowData>({
  model: { table, byId, context },
  loading,
}: {
  model: DataTableModel<Row>;
  loading: boolean;
}) {
  const t = useT();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const pageRows = table.getRowModel().rows;
  return (
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
  );
}
