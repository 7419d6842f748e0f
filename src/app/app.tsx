import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { theme } from '@/app/theme';
import { useLookTheme } from '@/lib/look/look-theme';
import { usePortalStore } from '@/features/portal/portal-store';
import { firstCommitDone } from '@/lib/perf/first-commit';
import { getAppHistory } from '@/lib/router/app-history';

export function App() {
  // A portal host's colours (spec §3 custoLook), on wide screens only.
  const look = usePortalStore((s) => s.portal?.colors ?? null);
  const shown = useLookTheme(theme, look);
  useEffect(() => firstCommitDone(), []);
  return (
    <ThemeProvider theme={shown}>
      <CssBaseline />
      <HistoryRouter history={getAppHistory()}>
        <AppRoutes />
      </HistoryRouter>
    </ThemeProvider>
  );
}
