/** What a data table is given: its rows, columns and, in server mode, how it asks for a page. */
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { DataTableQuery, SortRule, TableColumn } from '#lib/table/columns';

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
