import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEMO_DEFAULT_ROLE, DEMO_WEEKS } from '@sim/core/templates/demo-game';
import { gamePlayedEvent, track } from '@/lib/analytics/events';
import { createDemoGame, verifyEmail } from '@/lib/firebase/callables';
import { useErrorText } from '@/lib/errors/use-error-text';
import { MarketingLayout } from '@/features/marketing/marketing-layout';

/** The demo's roles, downstream first (the classic chain). */
const DEMO_ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
type DemoRole = (typeof DEMO_ROLES)[number];

const NAME_MAX = 40;

/**
 * `/demo` (spec §2, §7): the visitor gives an address (verifyEmail, reason demo), a name and a
 * role, is signed in anonymously, and createDemoGame opens a 20-week beer game it plays alone,
 * the computer holding every other role. A signed-in instructor is sent to the dashboard instead.
 */
export function DemoPage({
  hasAccount,
  signInAnonymously,
}: {
  /** Signed in with an email account: games are created from the dashboard. */
  hasAccount: boolean;
  signInAnonymously: () => Promise<{ uid: string }>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<DemoRole>(DEMO_DEFAULT_ROLE);
  const [showName, setShowName] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const checked = await verifyEmail({ email, reason: 'demo' });
      await signInAnonymously();
      const playerName = name.trim();
      const game = await createDemoGame({
        email: checked.email,
        roleId: role,
        name: t('marketing.demoPage.gameName'),
        ...(playerName ? { playerName } : {}),
        showName: showName && playerName !== '',
      });
      // The visitor holds a role of the new game at once: the demo is played, not only made.
      track(gamePlayedEvent(game.type, false, 'demo'));
      void navigate(`/game/${game.id}/play`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <MarketingLayout
      title={t('marketing.demo.title')}
      lead={t('marketing.demoPage.lead', { weeks: DEMO_WEEKS })}
      maxWidth="sm"
    >
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4 }}>
        {hasAccount ? (
          <Stack spacing={2}>
            <Alert severity="info">{t('marketing.demoPage.hasAccount')}</Alert>
            <Button component={RouterLink} to="/dashboard/intro" variant="contained">
              {t('marketing.demoPage.toDashboard')}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)}>
            <TextField
              label={t('marketing.demoPage.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              helperText={t('marketing.demoPage.emailHelp')}
              slotProps={{ htmlInput: { maxLength: 320 } }}
            />
            <TextField
              label={t('marketing.demoPage.name')}
              autoComplete="given-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
            <FormControl>
              <FormLabel id="demo-role">{t('marketing.demoPage.role')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="demo-role"
                value={role}
                onChange={(e) => setRole(e.target.value as DemoRole)}
              >
                {DEMO_ROLES.map((r) => (
                  <FormControlLabel
                    key={r}
                    value={r}
                    control={<Radio />}
                    label={t(`game.defaults.facility.${r}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControlLabel
              control={
                <Checkbox
                  checked={showName}
                  disabled={name.trim() === ''}
                  onChange={(e) => setShowName(e.target.checked)}
                />
              }
              label={t('marketing.demoPage.showName')}
            />
            {error && <Alert severity="error">{error}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? t('marketing.demoPage.starting') : t('marketing.demoPage.start')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('marketing.demoPage.how')}
            </Typography>
          </Stack>
        )}
      </Paper>
    </MarketingLayout>
  );
}
