/**
 * What a session's settings add to its games' pages: the debrief closed to players
 * (`debriefingMode: noaccess`), and the reset a player may do when the session allows it
 * (`allowPlayerReset`, checked again by resetBeerGame).
 */
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';
import { showError } from '@/lib/errors/error-store';
import { resetBeerGame } from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

/** In place of a game's results and debrief when the session keeps them to its instructors. */
export function DebriefClosed({ gid }: { gid: string }) {
  const { t } = useTranslation();
  return (
    <SimplePage
      title={t('sessions.debriefClosed.title')}
      description={t('sessions.debriefClosed.text')}
    >
      <Button
        component={RouterLink}
        to={`/game/${gid}/play`}
        variant="contained"
        sx={{ mt: 3 }}
        data-testid="debrief-closed"
      >
        {t('sessions.debriefClosed.back')}
      </Button>
    </SimplePage>
  );
}

/** Under the play screen: the player starts the game again from week 1, after confirming. */
export function PlayerResetPanel({ gid }: { gid: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      await resetBeerGame({ gid });
      setAsking(false);
      showToast(t('sessions.reset.done'), { durationMs: 3000 });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container maxWidth="lg" sx={{ pb: { xs: 3, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <div>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t('sessions.reset.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('sessions.reset.text')}
            </Typography>
          </div>
          <Button
            variant="outlined"
            color="warning"
            startIcon={<RestartAltIcon />}
            onClick={() => setAsking(true)}
            data-testid="player-reset"
            sx={{ flexShrink: 0 }}
          >
            {t('sessions.reset.button')}
          </Button>
        </Stack>
      </Paper>
      <Dialog open={asking} onClose={() => setAsking(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('sessions.reset.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('sessions.reset.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('sessions.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            disabled={busy}
            onClick={() => void reset()}
            data-testid="player-reset-confirm"
          >
            {t('sessions.reset.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
