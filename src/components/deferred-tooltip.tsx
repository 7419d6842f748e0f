/**
 * MUI's Tooltip without it (and Popper) on a page's first render: the child shows at once, bare,
 * and is wrapped in the tooltip as soon as its chunk, requested on that render, has arrived.
 */
import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';
import { reloadOnceOrThrow } from '@/lib/lazy/lazy-with-reload';

const Tooltip = lazy(() => import('@mui/material/Tooltip').catch(reloadOnceOrThrow));

export function DeferredTooltip({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
