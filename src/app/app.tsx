import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '@/app/router';
import { theme } from '@/app/theme';
import { useLookTheme } from '@/lib/look/look-theme';
import { usePortalStore } from '@/features/portal/portal-store';

export function App() {
  const [router] = useState(createAppRouter);
  // A portal host's colours (spec §3 custoLook), on wide screens only.
  const look = usePortalStore((s) => s.portal?.colors ?? null);
  const shown = useLookTheme(theme, look);
  return (
    <ThemeProvider theme={shown}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
