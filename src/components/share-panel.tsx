/**
 * What an instructor shows players to bring them in: the link (with a copy button), its QR code
 * and, for a session, the short code they can type on the home page; "Show on the projector"
 * opens the same large enough to read from the back of a room. The address is the LAN one in
 * classroom mode (`shareUrl`).
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQrCode } from '@/lib/qr/use-qr-code';
import { showToast } from '@/lib/toast/toast-store';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * Copies text to the clipboard. The Clipboard API exists only in secure contexts: a classroom
 * stack served over http on a LAN address is not one, so the older selection copy is the fallback.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions): try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

function Code({ code, large = false }: { code: string; large?: boolean }) {
  return (
    <Typography
      component="p"
      data-testid={large ? 'share-code-large' : 'share-code'}
      sx={{
        fontFamily: MONO,
        fontWeight: 800,
        letterSpacing: '0.18em',
        fontSize: large ? { xs: '2.6rem', sm: '4.5rem' } : { xs: '1.6rem', sm: '1.9rem' },
        lineHeight: 1.1,
        textAlign: large ? 'center' : 'left',
      }}
    >
      {code}
    </Typography>
  );
}

function Address({ url, large = false }: { url: string; large?: boolean }) {
  return (
    <Typography
      component="p"
      data-testid={large ? 'share-url-large' : 'share-url'}
      sx={{
        fontFamily: MONO,
        fontWeight: large ? 700 : 500,
        fontSize: large ? { xs: '1.1rem', sm: '1.6rem' } : '0.95rem',
        wordBreak: 'break-all',
        textAlign: large ? 'center' : 'left',
      }}
    >
      {url}
    </Typography>
  );
}

export interface ShareProps {
  /** The full address players open. */
  readonly url: string;
  /** A short code players can type instead (sessions). */
  readonly code?: string | null | undefined;
  /** What players do with it, one sentence. */
  readonly text: string;
  readonly title?: string | undefined;
}

/** The link, the QR code and the code; and the same, large, for a projector. */
export function SharePanel({ url, code, text, title }: ShareProps) {
  const { t } = useTranslation();
  const qr = useQrCode(url);
  const [large, setLarge] = useState(false);
  const alt = t('share.qrAlt', { url });
  const copy = async () => {
    const ok = await copyText(url);
    showToast(ok ? t('share.copied') : t('share.copyFailed'), {
      severity: ok ? 'success' : 'warning',
      durationMs: ok ? 1500 : 5000,
    });
  };
  return (
    <Paper
      variant="outlined"
      data-testid="share-panel"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, borderColor: 'primary.light' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 2, sm: 3 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {title ?? t('share.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {text}
          </Typography>
          {code && (
            <Box sx={{ mb: 1 }}>
              <Typography variant="overline" color="text.secondary" component="p">
                {t('share.code')}
              </Typography>
              <Code code={code} />
            </Box>
          )}
          <Typography variant="overline" color="text.secondary" component="p">
            {t('share.link')}
          </Typography>
          <Address url={url} />
          <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1, ml: -0.5 }}>
            <Button
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy()}
              data-testid="share-copy"
            >
              {t('share.copy')}
            </Button>
            <Button
              size="small"
              startIcon={<OpenInFullIcon />}
              onClick={() => setLarge(true)}
              data-testid="share-enlarge"
            >
              {t('share.enlarge')}
            </Button>
          </Stack>
        </Box>
        {qr && (
          <Box
            component="img"
            src={qr}
            alt={alt}
            data-testid="share-qr"
            sx={{
              width: 148,
              height: 148,
              alignSelf: 'center',
              imageRendering: 'pixelated',
              flexShrink: 0,
            }}
          />
        )}
      </Stack>
      <Dialog open={large} onClose={() => setLarge(false)} fullWidth maxWidth="md">
        <DialogContent>
          <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="share-large">
            <Typography sx={{ textAlign: 'center', fontSize: { xs: '1.1rem', sm: '1.4rem' } }}>
              {text}
            </Typography>
            {qr && (
              <Box
                component="img"
                src={qr}
                alt={alt}
                sx={{ width: '100%', maxWidth: 440, imageRendering: 'pixelated' }}
              />
            )}
            {code && <Code code={code} large />}
            <Address url={url} large />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setLarge(false)}>
            {t('share.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** The share panel in a dialog (from a list's share button). */
export function ShareDialog({
  open,
  onClose,
  name,
  ...share
}: ShareProps & { open: boolean; onClose: () => void; name: string }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        {t('share.dialogTitle', { name })}
      </DialogTitle>
      <DialogContent>{open && <SharePanel {...share} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
