/**
 * The rules of the beer game as slides (spec §3 `instructionsMode`): players read them on their
 * own screen in the lobby (`hostvideo-playerslides`); the instructor presents them full screen
 * on a projector (`hostvideo-playerslides` and `hostslides`).
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import SavingsIcon from '@mui/icons-material/Savings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SLIDES: readonly { key: 'chain' | 'week' | 'delay' | 'costs' | 'goal'; icon: ReactNode }[] = [
  { key: 'chain', icon: <LocalShippingIcon fontSize="inherit" /> },
  { key: 'week', icon: <EventRepeatIcon fontSize="inherit" /> },
  { key: 'delay', icon: <HourglassBottomIcon fontSize="inherit" /> },
  { key: 'costs', icon: <SavingsIcon fontSize="inherit" /> },
  { key: 'goal', icon: <EmojiEventsIcon fontSize="inherit" /> },
];

/** The slides with their controls; `large` for a projector. */
export function RulesSlides({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const slide = SLIDES[index] ?? SLIDES[0];
  const last = SLIDES.length - 1;

  // On the projector the arrow keys (and a presenter's clicker) turn the slides.
  useEffect(() => {
    if (!large) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'PageDown') {
        setIndex((i) => Math.min(last, i + 1));
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        setIndex((i) => Math.max(0, i - 1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [large, last]);

  if (!slide) return null;
  return (
    <Stack spacing={large ? 4 : 2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box
        aria-hidden="true"
        sx={{ fontSize: large ? { xs: 72, md: 120 } : 48, color: 'primary.main', lineHeight: 1 }}
      >
        {slide.icon}
      </Box>
      <Box aria-live="polite" data-testid="rules-slide" data-slide={slide.key}>
        <Typography
          variant={large ? 'h3' : 'h6'}
          component="h3"
          sx={{ fontWeight: 700, fontSize: large ? { xs: '2rem', md: '3.2rem' } : undefined }}
        >
          {t(`sessions.slides.${slide.key}.title`)}
        </Typography>
        <Typography
          sx={{
            mt: large ? 3 : 1,
            maxWidth: large ? 1000 : 560,
            mx: 'auto',
            fontSize: large ? { xs: '1.3rem', md: '2rem' } : '1rem',
            color: 'text.secondary',
          }}
        >
          {t(`sessions.slides.${slide.key}.text`)}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          startIcon={<ChevronLeftIcon />}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
          size={large ? 'large' : 'medium'}
        >
          {t('sessions.slides.previous')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 90 }}>
          {t('sessions.slides.progress', { n: index + 1, total: SLIDES.length })}
        </Typography>
        <Button
          endIcon={<ChevronRightIcon />}
          disabled={index === last}
          onClick={() => setIndex(index + 1)}
          size={large ? 'large' : 'medium'}
          data-testid="rules-next"
        >
          {t('sessions.slides.next')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The slides in the lobby, for players (`hostvideo-playerslides`). */
export function PlayerSlides() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, md: 3.5 }, borderRadius: 4 }}
      data-testid="player-slides"
    >
      <Typography variant="overline" color="text.secondary" component="h2">
        {t('sessions.slides.title')}
      </Typography>
      <RulesSlides />
    </Paper>
  );
}

/** The instructor's projector: the slides full screen. */
export function RulesPresentation({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-label={t('sessions.slides.title')}>
      <Stack sx={{ minHeight: '100%', p: { xs: 2, md: 5 } }} data-testid="rules-presentation">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="overline" color="text.secondary">
            {t('sessions.slides.title')}
          </Typography>
          <Button onClick={onClose} variant="outlined">
            {t('sessions.slides.close')}
          </Button>
        </Stack>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 4 }}>
          {open && <RulesSlides large />}
        </Box>
      </Stack>
    </Dialog>
  );
}
