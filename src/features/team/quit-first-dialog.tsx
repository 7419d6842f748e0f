import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/errors/error-store';
import { quitGame } from '@/lib/firebase/callables';

/**
 * Spec §4: an anonymous player who opens an invitation link (or a trial link) is first asked to
 * quit the game they are playing, before signing up or logging in to join the team. Quitting clears the
 * profile's `playingGame`, which lets the route guard go on to the signup page; staying goes
 * back to the game.
 */
export function QuitFirstDialog({
  gameId,
  purpose = 'team',
}: {
  gameId: string;
  /** What the link asks: joining a team, or starting a trial. */
  purpose?: 'team' | 'trial';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const quit = async () => {
    setBusy(true);
    try {
      await quitGame({ gid: gameId });
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <Dialog open aria-labelledby="quit-first-title" data-testid="quit-first-dialog">
      <DialogTitle id="quit-first-title">{t('team.join.quitTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(purpose === 'trial' ? 'team.join.quitTextTrial' : 'team.join.quitText')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => navigate(`/game/${gameId}/play`, { replace: true })}>
          {t('team.join.stay')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void quit()}>
          {t('team.join.quit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
