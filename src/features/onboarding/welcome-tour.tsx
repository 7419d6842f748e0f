/**
 * The welcome tour (`?welcomevideo=1`): a short captioned walkthrough that plays in the page,
 * scene after scene, drawn from the app itself. A dialog: focus stays inside, Escape closes it.
 */
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOUR_START,
  tourEnded,
  tourProgress,
  tourStep,
  type TourAction,
  type TourState,
} from '@/features/onboarding/tour-clock';
import { WelcomeScene } from '@/features/onboarding/welcome-scenes';
import { STEP_SECONDS, WELCOME_STEPS } from '@/features/onboarding/welcome-steps';

const STEP_MS = STEP_SECONDS * 1000;
const TICK_MS = 200;
const reduce = (state: TourState, action: TourAction) =>
  tourStep(state, action, WELCOME_STEPS.length, STEP_MS);

export function WelcomeTour({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(reduce, TOUR_START);
  const titleId = useId();
  const captionId = useId();
  const step = WELCOME_STEPS[state.index] ?? 'create';
  const ended = tourEnded(state, WELCOME_STEPS.length, STEP_MS);

  useEffect(() => {
    if (!state.playing) return undefined;
    const timer = window.setInterval(() => dispatch({ type: 'tick', ms: TICK_MS }), TICK_MS);
    return () => window.clearInterval(timer);
  }, [state.playing]);

  const playLabel = ended
    ? t('onboarding.replay')
    : state.playing
      ? t('onboarding.pause')
      : t('onboarding.play');

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      aria-describedby={captionId}
    >
      <DialogTitle id={titleId}>{t('onboarding.title', { app: t('app.name') })}</DialogTitle>
      <DialogContent>
        <Box
          data-testid="welcome-video"
          data-step={step}
          data-playing={state.playing}
          sx={{ borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.900', color: 'grey.100' }}
        >
          <Box
            aria-hidden
            sx={{
              aspectRatio: '16 / 9',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'radial-gradient(circle at 50% 40%, #2b3a55 0%, #121212 75%)',
            }}
          >
            <WelcomeScene key={step} step={step} />
          </Box>
          <Box
            id={captionId}
            aria-live="polite"
            data-testid="welcome-caption"
            sx={{ px: { xs: 2, sm: 3 }, py: 1.5, bgcolor: 'rgba(0,0,0,0.55)' }}
          >
            <Typography
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 700, color: 'common.white' }}
            >
              {t(`onboarding.steps.${step}.title`)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'grey.100' }}>
              {t(`onboarding.steps.${step}.caption`)}
            </Typography>
          </Box>
        </Box>
        <LinearProgress
          variant="determinate"
          value={tourProgress(state, WELCOME_STEPS.length, STEP_MS)}
          aria-label={t('onboarding.progress')}
          sx={{ mt: 1.5, borderRadius: 1 }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Tooltip title={t('onboarding.previous')}>
            <span>
              <IconButton
                onClick={() => dispatch({ type: 'previous' })}
                disabled={state.index === 0}
                aria-label={t('onboarding.previous')}
              >
                <SkipPreviousIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={playLabel}>
            <IconButton
              onClick={() => dispatch({ type: 'toggle' })}
              aria-label={playLabel}
              data-testid="welcome-play"
            >
              {ended ? <ReplayIcon /> : state.playing ? <PauseIcon /> : <PlayArrowIcon />}
            </IconButton>
          </Tooltip>
          <Tooltip title={t('onboarding.next')}>
            <span>
              <IconButton
                onClick={() => dispatch({ type: 'next' })}
                disabled={state.index === WELCOME_STEPS.length - 1}
                aria-label={t('onboarding.next')}
                data-testid="welcome-next"
              >
                <SkipNextIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="body2" color="text.secondary">
            {t('onboarding.stepOf', { n: state.index + 1, total: WELCOME_STEPS.length })}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="welcome-close">
          {ended ? t('onboarding.done') : t('onboarding.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
