import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#i18n/react';
import styles from './DataTable.module.css';
import { ALL_ROWS, ALL_ROWS_PAGE_SIZE, PAGE_SIZES, SET_PAGE_DELAY_MS, isAllRows, parsePageInput } from '#lib/table/columns';

/** The slice of a TanStack table the pagination bar needs. */
export interface PaginatedTable {
  state: { pagination: { pageIndex: number; pageSize: number } };
  getPageCount(): number;
  /** Every row the filters let through: counted in the browser, or the server's total. */
  getRowCount(): number;
  setPageIndex(index: number): void;
  setPageSize(size: number): void;
  getCanPreviousPage(): boolean;
  getCanNextPage(): boolean;
  previousPage(): void;
  nextPage(): void;
}

export function DataTablePagination({ table }: { table: PaginatedTable }) {
  const t = useT();
  const sizeId = useId();
  const pageId = useId();
  const { pageIndex, pageSize } = table.state.pagination;
  const lastPage = Math.max(1, table.getPageCount());
  const total = table.getRowCount();
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);

  const [pageText, setPageText] = useState(String(pageIndex + 1));
  // When the page changes elsewhere (the arrows, a new filter), the field shows it: state adjusted while rendering.
  const [shownIndex, setShownIndex] = useState(pageIndex);
  if (shownIndex !== pageIndex) {
    setShownIndex(pageIndex);
    setPageText(String(pageIndex + 1));
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commitPage = (text: string) => {
    clearTimeout(timer.current);
    const page = parsePageInput(text, lastPage);
    if (page === undefined) setPageText(String(pageIndex + 1));
    else table.setPageIndex(page - 1);
  };

  return (
    <div className={styles.pagination}>
      <div className={styles.pageSize}>
        <label htmlFor={sizeId}>{t('table.rowsPerPage')}</label>
        <select
          id={sizeId}
          value={isAllRows(pageSize) ? ALL_ROWS : pageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            table.setPageSize(size === ALL_ROWS ? ALL_ROWS_PAGE_SIZE : size);
            table.setPageIndex(0);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size === ALL_ROWS ? t('table.all') : size}
            </option>
          ))}
        </select>
      </div>
      <p className={`table-range ${styles.range}`} aria-live="polite">
        {t('table.range', { from, to, total })}
      </p>
      <div className={styles.pages}>
        <button type="button" className="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          {t('table.previous')}
        </button>
        <label htmlFor={pageId}>{t('table.page')}</label>
        <input
          id={pageId}
          className={styles.pageInput}
          inputMode="numeric"
          size={3}
          value={pageText}
          onChange={(event) => {
            setPageText(event.target.value);
            const text = event.target.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commitPage(text), SET_PAGE_DELAY_MS);
          }}
          onBlur={() => commitPage(pageText)}
          onKeyDown={(event) => event.key === 'Enter' && commitPage(pageText)}
        />
        <span>{t('table.ofPages', { total: lastPage })}</span>
        <button type="button" className="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          {t('table.next')}
        </button>
      </div>
    </div>
  );
}
