/**
 * The navbar's music player (spec §2): a button opening a small panel with the three tracks,
 * play / pause, mute and the volume (0 to 1). The button carries what howler last reported
 * (`data-music-*`), which the end-to-end test reads.
 */
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import MusicOffIcon from '@mui/icons-material/MusicOff';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrackId, TRACK_IDS } from '@/features/music/music-preferences';
import {
  chooseTrack,
  pauseMusic,
  playMusic,
  setMusicVolume,
  stopMusic,
  toggleMusicMuted,
  useMusicStore,
} from '@/features/music/music-store';

export function MusicControl() {
  const { t, i18n } = useTranslation();
  const prefs = useMusicStore((s) => s.prefs);
  const playback = useMusicStore((s) => s.playback);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const titleId = useId();
  const percent = useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { style: 'percent' });
    return (value: number) => format.format(value);
  }, [i18n.language]);

  // The music stops with its control: on a page without it, or for a user the session does not
  // let hear it, nothing would let them turn it off.
  useEffect(() => () => stopMusic(), []);

  const on = playback === 'playing' || playback === 'loading';
  const track = t(`music.tracks.${prefs.track}`);
  const status =
    playback === 'playing' && prefs.muted
      ? t('music.status.playingMuted', { track })
      : t(`music.status.${playback}`, { track });

  return (
    <>
      <Tooltip title={t('music.open')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('music.open')}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? panelId : undefined}
          color={on && !prefs.muted ? 'primary' : 'default'}
          data-testid="music-button"
          data-music-state={playback}
          data-music-track={prefs.track}
          data-music-volume={prefs.volume}
          data-music-muted={prefs.muted}
          sx={{ flexShrink: 0, ...(on && !prefs.muted ? {} : { color: 'text.primary' }) }}
        >
          {prefs.muted ? <MusicOffIcon /> : <MusicNoteIcon />}
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { p: 2, width: 300, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
          {t('music.title')}
        </Typography>
        <FormControl component="fieldset" sx={{ mb: 1 }}>
          <FormLabel component="legend">{t('music.track')}</FormLabel>
          <RadioGroup
            value={prefs.track}
            onChange={(e) => {
              if (isTrackId(e.target.value)) chooseTrack(e.target.value);
            }}
          >
            {TRACK_IDS.map((id) => (
              <FormControlLabel
                key={id}
                value={id}
                control={<Radio size="small" />}
                label={t(`music.tracks.${id}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={on ? <PauseIcon /> : <PlayArrowIcon />}
            onClick={on ? pauseMusic : playMusic}
            data-testid="music-play"
            sx={{ flexShrink: 0 }}
          >
            {on ? t('music.pause') : t('music.play')}
          </Button>
          <Tooltip title={t('music.mute')}>
            <IconButton
              onClick={toggleMusicMuted}
              aria-label={t('music.mute')}
              aria-pressed={prefs.muted}
              data-testid="music-mute"
            >
              {prefs.muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1, px: 1 }}>
            <Slider
              size="small"
              min={0}
              max={1}
              step={0.05}
              value={prefs.volume}
              onChange={(_, value) =>
                setMusicVolume(typeof value === 'number' ? value : (value[0] ?? 0))
              }
              aria-label={t('music.volume')}
              getAriaValueText={percent}
              valueLabelFormat={percent}
              valueLabelDisplay="auto"
              data-testid="music-volume"
            />
          </Box>
        </Stack>
        <Typography
          role="status"
          variant="body2"
          color={playback === 'error' ? 'error' : 'text.secondary'}
          sx={{ mt: 1 }}
        >
          {status}
        </Typography>
      </Popover>
    </>
  );
}
