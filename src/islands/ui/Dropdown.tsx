/**
 * The shared dropdown menu (spec §2 Layout): opens on a button click, closes on a click
 * elsewhere, Escape or Tab; clicks on disabled items keep it open. Arrow keys, Home and End
 * move between items. Placement defaults to bottom-start.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './Dropdown.module.css';

export interface DropdownItem {
  label: ReactNode;
  href?: string;
  onSelect?: () => void;
  disabled?: boolean;
}

export type Placement = 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end';

interface DropdownProps {
  label: ReactNode;
  items: readonly DropdownItem[];
  placement?: Placement;
  buttonClassName?: string;
}

export function Dropdown({ label, items, placement = 'bottom-start', buttonClassName = 'button' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const itemElements = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const elements = itemElements();
    if (elements.length === 0) return;
    elements[(index + elements.length) % elements.length]!.focus();
  };

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const openAndFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = itemElements().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(current + 1),
      ArrowUp: () => focusItem(current - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      Escape: () => {
        setOpen(false);
        button.current?.focus();
      },
    };
    if (event.key === 'Tab') setOpen(false);
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  const select = (item: DropdownItem) => (event: React.MouseEvent) => {
    if (item.disabled) {
      event.preventDefault();
      return;
    }
    item.onSelect?.();
    setOpen(false);
  };

  return (
    <div className={`dropdown placement-${placement}`} ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openAndFocus(0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openAndFocus(-1);
          }
        }}
      >
        {label}
        <span className="dropdown-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul className="dropdown-menu" role="menu" id={menuId} onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <li key={index} role="none">
              {item.href && !item.disabled ? (
                <a role="menuitem" className={styles.item} href={item.href} tabIndex={-1} onClick={select(item)}>
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  className={styles.item}
                  tabIndex={-1}
                  aria-disabled={item.disabled || undefined}
                  onClick={select(item)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
