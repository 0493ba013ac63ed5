/**
 * The data table's column model (spec §3 Table column): label, field, type, sortable, hidden,
 * filterOptions, width, formatFn, sortFn, globalSearchDisabled. Pure helpers for formatting,
 * comparing and matching live here; the DataTable island wires them into TanStack Table.
 */
import { localFormat } from '#lib/local-time';

export type ColumnType = 'text' | 'date' | 'decimal' | 'number' | 'percentage' | 'boolean';
export type SortDirection = 'asc' | 'desc';

export interface FilterDropdownItem {
  value: string | number | boolean;
  text: string;
}

export interface FilterOptions {
  enabled: boolean;
  placeholder?: string;
  /** `enter` filters when Enter is pressed; by default typing filters after a 400 ms pause. */
  trigger?: 'enter' | 'input';
  /** Turns the filter into a drop-down of these values. */
  filterDropdownItems?: readonly (string | FilterDropdownItem)[];
}

export interface TableColumn<Row> {
  label: string;
  /** A property of the row, or a function that reads the value. */
  field: (keyof Row & string) | ((row: Row) => unknown);
  /** Column id when `field` is a function. */
  id?: string;
  type?: ColumnType;
  /** Default true. */
  sortable?: boolean;
  hidden?: boolean;
  filterOptions?: FilterOptions;
  /** A CSS width such as `8rem` or `20%`. */
  width?: string;
  formatFn?: (value: unknown, row: Row) => string;
  /** Ascending comparison of two values; the table reverses it for descending order. */
  sortFn?: (a: unknown, b: unknown, rowA: Row, rowB: Row) => number;
  globalSearchDisabled?: boolean;
}

export interface SortRule {
  field: string;
  type: SortDirection;
}

/**
 * What a table in server mode shows, for the server to answer with that page: the page and its
 * size, the sort rules (first wins), the column filters by column id (drop-down values as the
 * strings the select hands back) and the global search.
 */
export interface DataTableQuery {
  /** From 1. */
  page: number;
  /** One of PAGE_SIZES; ALL_ROWS for every row on one page. */
  pageSize: number;
  sort: SortRule[];
  /** Only the columns whose filter is set. */
  filters: Record<string, string>;
  /** '' when nobody searches. */
  search: string;
}

export const PAGE_SIZES = [10, 20, 30, 40, 50, -1] as const;
/** `-1` is the spec's "All". */
export const ALL_ROWS = -1;
export const DEFAULT_PAGE_SIZE = 10;
/** The table keeps "All" as a page size no list reaches. */
export const ALL_ROWS_PAGE_SIZE = Number.MAX_SAFE_INTEGER;
export const isAllRows = (pageSize: number) => pageSize > PAGE_SIZES[PAGE_SIZES.length - 2]!;
export const FILTER_DEBOUNCE_MS = 400;
export const SET_PAGE_DELAY_MS = 500;

export const columnId = <Row>(column: TableColumn<Row>): string =>
  column.id ?? (typeof column.field === 'string' ? column.field : column.label);

export function readValue<Row>(column: TableColumn<Row>, row: Row): unknown {
  return typeof column.field === 'function' ? column.field(row) : (row as Record<string, unknown>)[column.field];
}

function toDate(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) {
    console.warn('Not a valid date', value);
    return undefined;
  }
  return date;
}

const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
};

export interface FormatContext {
  lang: string;
  yes: string;
  no: string;
}

/** The text a cell shows: the column's formatFn, else a format for its type. */
export function formatValue<Row>(column: TableColumn<Row>, row: Row, context: FormatContext): string {
  const value = readValue(column, row);
  if (column.formatFn) return column.formatFn(value, row);
  switch (column.type) {
    case 'date': {
      const date = toDate(value);
      return date ? localFormat(context.lang).format(date) : '';
    }
    case 'decimal': {
      const number = toNumber(value);
      return number === undefined
        ? ''
        : new Intl.NumberFormat(context.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(number);
    }
    case 'number': {
      const number = toNumber(value);
      return number === undefined ? '' : new Intl.NumberFormat(context.lang).format(number);
    }
    case 'percentage': {
      const number = toNumber(value);
      return number === undefined
        ? ''
        : new Intl.NumberFormat(context.lang, { style: 'percent', maximumFractionDigits: 2 }).format(number);
    }
    case 'boolean':
      return value === null || value === undefined ? '' : value ? context.yes : context.no;
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** Ascending comparison for a column; empty values sort last. */
export function compareValues<Row>(column: TableColumn<Row>, a: unknown, b: unknown, rowA: Row, rowB: Row): number {
  if (column.sortFn) return column.sortFn(a, b, rowA, rowB);
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  switch (column.type) {
    case 'date':
      return (toDate(a)?.getTime() ?? 0) - (toDate(b)?.getTime() ?? 0);
    case 'decimal':
    case 'number':
    case 'percentage':
      return (toNumber(a) ?? 0) - (toNumber(b) ?? 0);
    case 'boolean':
      return Number(Boolean(a)) - Number(Boolean(b));
    default:
      return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
  }
}

/** Case-insensitive "contains" on what the cell shows and on its raw value. */
export function matchesText(shown: string, raw: unknown, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (
    shown.toLocaleLowerCase().includes(needle) ||
    String(raw ?? '')
      .toLocaleLowerCase()
      .includes(needle)
  );
}

export const dropdownItem = (item: string | FilterDropdownItem): FilterDropdownItem =>
  typeof item === 'string' ? { value: item, text: item } : item;

/** A drop-down filter matches equal values (compared as strings, as the select hands them back). */
export const matchesDropdown = (raw: unknown, selected: string) => selected === '' || String(raw) === selected;

/** Spec §5: the page input accepts an integer from 1 to the last page, otherwise it reverts. */
export function parsePageInput(input: string, lastPage: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(input)) return undefined;
  const page = Number(input);
  return page >= 1 && page <= Math.max(1, lastPage) ? page : undefined;
}
