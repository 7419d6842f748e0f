/**
 * A menu of links and actions on MUI's Menu. The navbar's menus load it on their first opening
 * (`LazyPopupMenu`), so every page's first render goes without Menu, Popover and their helpers.
 */
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface PopupMenuItem {
  readonly key: string;
  readonly label: string;
  readonly secondary?: string;
  /** An icon column; `null` keeps the column empty so labels align. */
  readonly icon?: ReactNode;
  readonly to?: string;
  readonly disabled?: boolean;
  readonly selected?: boolean;
  readonly lang?: string;
  readonly testId?: string;
  /** Attributes tests and styles read (`data-state`). */
  readonly state?: string;
  readonly onClick?: () => void;
}

export interface PopupMenuProps {
  readonly anchor: HTMLElement | null;
  readonly items: readonly PopupMenuItem[];
  readonly onClose: () => void;
  /** Labels as bare text (a list of names), not list-item text. */
  readonly plainLabels?: boolean;
}

export function PopupMenu({ anchor, items, onClose, plainLabels = false }: PopupMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {items.map((item) => (
        <MenuItem
          key={item.key}
          disabled={item.disabled ?? false}
          selected={item.selected ?? false}
          {...(item.lang ? { lang: item.lang } : {})}
          {...(item.testId ? { 'data-testid': item.testId } : {})}
          {...(item.state ? { 'data-state': item.state } : {})}
          {...(item.to !== undefined ? { component: RouterLink, to: item.to } : {})}
          onClick={() => {
            onClose();
            item.onClick?.();
          }}
        >
          {item.icon !== undefined && <ListItemIcon>{item.icon}</ListItemIcon>}
          {plainLabels ? (
            item.label
          ) : (
            <ListItemText primary={item.label} secondary={item.secondary} />
          )}
        </MenuItem>
      ))}
    </Menu>
  );
}
