/**
 * The quit confirmation of a play page, loaded the first time a player asks to quit: the dialog
 * and MUI's Modal stay off the page's first render. Once loaded it stays mounted, so it closes
 * with its transition.
 */
import { Suspense, useState } from 'react';
import type { QuitGameDialogProps } from '@/features/games/shared/quit-dialog';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const QuitGameDialog = lazyPage(
  () => import('@/features/games/shared/quit-dialog'),
  'QuitGameDialog',
);

export function LazyQuitGameDialog(props: QuitGameDialogProps) {
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <QuitGameDialog {...props} />
    </Suspense>
  );
}
