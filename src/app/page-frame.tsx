import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Every page's frame: the navbar on top and the page's main area growing to the screen's height.
 * Shared by the app's root layout and the home page's prerendered markup, so both lay out alike.
 */
export function PageFrame({
  navbar,
  consentAtEnd = false,
  children,
  after,
}: {
  navbar: ReactNode;
  consentAtEnd?: boolean;
  children: ReactNode;
  /** What follows the main area: the consent banner, the help drawer, the snackbars. */
  after?: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {navbar}
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          // A banner that waits after the page's end starts below the fold: the page growing
          // once its game arrives then moves nothing the player sees (CLS).
          ...(consentAtEnd ? { minHeight: '100vh' } : {}),
        }}
      >
        {children}
      </Box>
      {after}
    </Box>
  );
}
