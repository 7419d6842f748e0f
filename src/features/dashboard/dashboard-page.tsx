import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TABS, type DashboardTab } from '@/features/dashboard/dashboard-tabs';

export interface DashboardPageProps {
  readonly tab: DashboardTab;
  readonly subtab: string | undefined;
  /** The signed-in instructor's name (or email when the profile has no name). */
  readonly userName: string;
}

export function DashboardPage({ tab, userName }: DashboardPageProps) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
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
      {tab === 'intro' ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 4 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('dashboard.intro.welcome', { name: userName })}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
            {t('dashboard.tabs.intro.description')}
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 4 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t(`dashboard.tabs.${tab}.label`)}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
            {t(`dashboard.tabs.${tab}.description`)}
          </Typography>
        </Paper>
      )}
    </Container>
  );
}
