import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TableColumn, compareValues, formatValue, matchesDropdown, matchesText, parsePageInput } from '#lib/table/columns';

type Row = Record<string, unknown>;
const context = { lang: 'en-GB', yes: 'Yes', no: 'No' };
const column = (type: TableColumn<Row>['type'], extra: Partial<TableColumn<Row>> = {}): TableColumn<Row> => ({
  label: 'x',
  field: 'v',
  type,
  ...extra,
});
const show = (type: TableColumn<Row>['type'], v: unknown) => formatValue(column(type), { v }, context);

afterEach(() => vi.restoreAllMocks());

describe('the data table column model', () => {
  it('formats numbers, decimals, percentages and booleans by column type', () => {
    expect(show('number', 12345)).toBe('12,345');
    expect(show('decimal', 2.5)).toBe('2.50');
    expect(show('percentage', 0.256)).toBe('25.6%');
    expect(show('boolean', true)).toBe('Yes');
    expect(show('boolean', false)).toBe('No');
    expect(show(undefined, null)).toBe('');
  });

  it('formats dates and reports an invalid one with "Not a valid date"', () => {
    expect(show('date', '2025-03-01T12:00:00Z')).toMatch(/2025/);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(show('date', 'not a date')).toBe('');
    expect(warn).toHaveBeenCalledWith('Not a valid date', 'not a date');
  });

  it('uses the column formatFn and sortFn when given', () => {
    const custom = column(undefined, { formatFn: (v) => `#${v}`, sortFn: (a, b) => Number(b) - Number(a) });
    expect(formatValue(custom, { v: 3 }, context)).toBe('#3');
    expect(compareValues(custom, 1, 2, {}, {})).toBeGreaterThan(0);
  });

  it('compares numbers numerically, text naturally and puts empty values last', () => {
    expect(compareValues(column('number'), 9, 10, {}, {})).toBeLessThan(0);
    expect(compareValues(column(undefined), 'Jam 9', 'Jam 10', {}, {})).toBeLessThan(0);
    expect(compareValues(column('number'), null, 1, {}, {})).toBeGreaterThan(0);
    expect(compareValues(column('date'), '2025-01-02', '2025-01-01', {}, {})).toBeGreaterThan(0);
  });

  it('matches text filters case-insensitively and drop-down filters exactly', () => {
    expect(matchesText('Orbit 1', 'Orbit 1', 'orb')).toBe(true);
    expect(matchesText('Maze', 'Maze', 'orb')).toBe(false);
    expect(matchesDropdown('Red', 'Red')).toBe(true);
    expect(matchesDropdown('Red', 'Blue')).toBe(false);
    expect(matchesDropdown('Red', '')).toBe(true);
  });

  it('accepts a page number from 1 to the last page only', () => {
    expect(parsePageInput('3', 6)).toBe(3);
    expect(parsePageInput('6', 6)).toBe(6);
    expect(parsePageInput('0', 6)).toBeUndefined();
    expect(parsePageInput('7', 6)).toBeUndefined();
    expect(parsePageInput('2.5', 6)).toBeUndefined();
    expect(parsePageInput('two', 6)).toBeUndefined();
  });
});
