/**
 * `PopupMenu` loaded on its first opening and kept mounted after, so it closes with its
 * transition and gives the focus back like MUI's Menu does.
 */
import { Suspense, useState } from 'react';
import type { PopupMenuProps } from '@/components/popup-menu';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const PopupMenu = lazyPage(() => import('@/components/popup-menu'), 'PopupMenu');

export function LazyPopupMenu(props: PopupMenuProps) {
  const [opened, setOpened] = useState(false);
  // Derived state: the first opening mounts the menu for good.
  if (props.anchor !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PopupMenu {...props} />
    </Suspense>
  );
}
