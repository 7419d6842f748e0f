/**
 * Classroom mode (`npm start -- --lan`): the address players on the same network open, and a QR
 * code of it, on the instructor's screen. Renders nothing outside LAN mode; the QR library is
 * downloaded only in LAN mode.
 */
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import WifiIcon from '@mui/icons-material/Wifi';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '@/lib/config';
import { useQrCode } from '@/lib/qr/use-qr-code';

function Address({ url, large = false }: { url: string; large?: boolean }) {
  return (
    <Typography
      component="p"
      data-testid={large ? 'lan-url-large' : 'lan-url'}
      sx={{
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontWeight: 700,
        fontSize: large ? { xs: '1.4rem', sm: '2.4rem' } : { xs: '1.05rem', sm: '1.25rem' },
        wordBreak: 'break-all',
        textAlign: large ? 'center' : 'left',
      }}
    >
      {url}
    </Typography>
  );
}

export function LanPanel() {
  const { t } = useTranslation();
  const url = config.lan?.url;
  const qr = useQrCode(url);
  const [large, setLarge] = useState(false);
  if (!url) return null;
  const alt = t('dashboard.lan.qrAlt', { url });
  return (
    <Paper
      variant="outlined"
      data-testid="lan-panel"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderRadius: 3, borderColor: 'primary.light' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 3 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <WifiIcon color="primary" fontSize="small" />
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t('dashboard.lan.title')}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('dashboard.lan.text')}
          </Typography>
          <Address url={url} />
          <Button
            size="small"
            startIcon={<OpenInFullIcon />}
            onClick={() => setLarge(true)}
            sx={{ mt: 1, ml: -0.5 }}
            data-testid="lan-enlarge"
          >
            {t('dashboard.lan.enlarge')}
          </Button>
        </Box>
        {qr && (
          <Box
            component="img"
            src={qr}
            alt={alt}
            data-testid="lan-qr"
            sx={{ width: 132, height: 132, alignSelf: 'center', imageRendering: 'pixelated' }}
          />
        )}
      </Stack>
      <Dialog open={large} onClose={() => setLarge(false)} fullWidth maxWidth="sm">
        <DialogContent>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            {qr && (
              <Box
                component="img"
                src={qr}
                alt={alt}
                sx={{ width: '100%', maxWidth: 420, imageRendering: 'pixelated' }}
              />
            )}
            <Address url={url} large />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setLarge(false)}>
            {t('dashboard.lan.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
