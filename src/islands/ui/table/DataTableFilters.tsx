import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#i18n/react';
import styles from './DataTable.module.css';
import { FILTER_DEBOUNCE_MS, type FilterOptions, dropdownItem } from '#lib/table/columns';

/** Calls `apply` once typing has paused for the spec's 400 ms. */
function useDebounced(apply: (value: string) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    later(value: string) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(value), FILTER_DEBOUNCE_MS);
    },
    now(value: string) {
      clearTimeout(timer.current);
      apply(value);
    },
  };
}

export function GlobalSearch({ onSearch }: { onSearch: (value: string) => void }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const debounced = useDebounced(onSearch);
  return (
    <div className={styles.search}>
      <label htmlFor={id}>{t('table.search')}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={t('table.searchPlaceholder')}
        onChange={(event) => {
          setValue(event.target.value);
          debounced.later(event.target.value);
        }}
        onKeyDown={(event) => event.key === 'Enter' && debounced.now(value)}
      />
    </div>
  );
}

export function ColumnFilter({
  label,
  options,
  onFilter,
}: {
  label: string;
  options: FilterOptions;
  onFilter: (value: string) => void;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const debounced = useDebounced(onFilter);
  const accessibleName = t('table.filterColumn', { column: label });
  if (options.filterDropdownItems) {
    return (
      <select
        aria-label={accessibleName}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          debounced.now(event.target.value);
        }}
      >
        <option value="">{options.placeholder ?? t('table.filterAll')}</option>
        {options.filterDropdownItems.map(dropdownItem).map((item) => (
          <option key={String(item.value)} value={String(item.value)}>
            {item.text}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type="search"
      aria-label={accessibleName}
      placeholder={options.placeholder ?? t('table.filterPlaceholder', { column: label })}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        if (options.trigger !== 'enter') debounced.later(event.target.value);
      }}
      onKeyDown={(event) => event.key === 'Enter' && debounced.now(value)}
    />
  );
}
