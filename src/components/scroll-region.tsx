/**
 * A box that scrolls sideways when its content is wider than the screen (a table on a phone). A
 * region that scrolls must be reachable with the keyboard, or its hidden columns are out of reach
 * without a mouse (WCAG 2.1.1, axe `scrollable-region-focusable`): it takes focus, and as a named
 * region a screen reader says what it holds.
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export function ScrollRegion({
  label,
  children,
  sx = [],
}: {
  /** What the region holds, e.g. the title of its table. */
  label: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={[
        (theme) => ({
          overflowX: 'auto',
          maxWidth: '100%',
          '&:focus-visible': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
