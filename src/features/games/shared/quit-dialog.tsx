/**
 * Asks a player before leaving a game (quitting, or logging out, which quits too): the role goes
 * to someone else or the computer.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface QuitGameDialogProps {
  open: boolean;
  /** The role the player holds, when known. */
  role: string | null;
  busy?: boolean;
  /** The player is logging out, which leaves the game as well. */
  logout?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function QuitGameDialog({
  open,
  role,
  busy = false,
  logout = false,
  onCancel,
  onConfirm,
}: QuitGameDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="quit-game-title"
      aria-describedby="quit-game-text"
      data-testid="quit-dialog"
    >
      <DialogTitle id="quit-game-title">
        {logout ? t('game.quit.logoutTitle') : t('game.quit.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="quit-game-text">
          {role ? t('game.quit.textRole', { role }) : t('game.quit.text')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus data-testid="quit-cancel">
          {t('game.quit.stay')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={onConfirm}
          data-testid="quit-confirm"
        >
          {logout ? t('game.quit.logoutConfirm') : t('game.quit.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
