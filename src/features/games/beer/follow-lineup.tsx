/**
 * The live view's notice while a game waits for its players (BEER-SEAT-3, 4): which roles are
 * awaited, and for the instructor the button that starts the game anyway.
 */
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { awaitedRoles, type BeerGameDoc } from '@/features/games/beer/game-model';

export function FollowLineup({
  game,
  isCreator,
  busy,
  onStart,
}: {
  game: BeerGameDoc;
  isCreator: boolean;
  busy: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const awaited = awaitedRoles(game);
  if (game.finished || awaited.length === 0) return null;
  const names = awaited.map((f) => f.name).join(', ');
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="follow-waiting">
      <AlertTitle>{t('game.follow.waitingTitle')}</AlertTitle>
      {isCreator
        ? t('game.follow.waitingText', { names })
        : t('game.follow.waitingTextObserver', { names })}
      {isCreator && (
        <>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('game.follow.startHelp')}
          </Typography>
          <Button
            variant="contained"
            color="warning"
            startIcon={<PlayArrowIcon />}
            disabled={busy}
            onClick={onStart}
            data-testid="follow-start"
            sx={{ mt: 1.5 }}
          >
            {t('game.follow.startNow')}
          </Button>
        </>
      )}
    </Alert>
  );
}
