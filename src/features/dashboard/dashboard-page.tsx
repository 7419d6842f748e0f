import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TABS, type DashboardTab } from '@/features/dashboard/dashboard-tabs';

export interface DashboardPageProps {
  readonly tab: DashboardTab;
  readonly subtab: string | undefined;
  /** The signed-in instructor's name (or email when the profile has no name). */
  readonly userName: string;
  /** The content of a tab, composed by the app from other features. */
  readonly panels?: Partial<Record<DashboardTab, ReactNode>>;
  /** Shown above every tab (dashboard messages, plan tags). */
  readonly header?: ReactNode;
}

export function DashboardPage({ tab, userName, panels, header }: DashboardPageProps) {
  const { t } = useTranslation();
  const panel = panels?.[tab];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {header}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 4 }}>
        <Tabs
          value={tab}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('dashboard.tabsLabel')}
        >
          {DASHBOARD_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`dashboard.tabs.${name}.label`)}
              component={RouterLink}
              to={`/dashboard/${name}`}
            />
          ))}
        </Tabs>
      </Box>
      {tab === 'intro' && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4, mb: 4 }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {t('dashboard.intro.welcome', { name: userName })}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
              {t('dashboard.tabs.intro.description')}
            </Typography>
            <Button
              component={RouterLink}
              to="/dashboard/games/new"
              variant="contained"
              sx={{ mt: 3 }}
              data-testid="dashboard-new-beer-game"
            >
              {t('game.editor.title')}
            </Button>
          </Paper>
        </>
      )}
      {panel ??
        (tab !== 'intro' && (
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 4 }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {t(`dashboard.tabs.${tab}.label`)}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
              {t(`dashboard.tabs.${tab}.description`)}
            </Typography>
          </Paper>
        ))}
    </Container>
  );
}
