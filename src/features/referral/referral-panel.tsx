import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/components/share-panel';
import {
  joinReferralProgram,
  watchConversions,
  type Conversion,
} from '@/features/referral/referral-api';
import { showError } from '@/lib/errors/error-store';
import { referralLink } from '@/lib/referral/referrer';
import { showToast } from '@/lib/toast/toast-store';

/** The conversions of the referrer, live (undefined while loading). */
function useConversions(uid: string, joined: boolean): Conversion[] | undefined {
  const [conversions, setConversions] = useState<Conversion[] | undefined>(undefined);
  useEffect(() => {
    if (!joined) return undefined;
    return watchConversions(uid, setConversions, showError);
  }, [uid, joined]);
  return conversions;
}

/**
 * The Referral tab (business.md §3.10): opting in, the personal `?invitedby=` link to share, and
 * the purchases it brought (recorded by the backend on a referred team's first payment).
 */
export function ReferralPanel({ uid, joined }: { uid: string; joined: boolean }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const conversions = useConversions(uid, joined);
  const link = referralLink(window.location.origin, uid);

  const join = async () => {
    setBusy(true);
    try {
      await joinReferralProgram(uid);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const money = (c: Conversion) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: c.currency }).format(
      c.net / 100,
    );
  const date = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(ms));

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4 }}
      data-testid="referral-panel"
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {t('referral.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '70ch' }}>
        {t('referral.intro')}
      </Typography>
      {!joined ? (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void join()}
          data-testid="referral-join"
        >
          {t('referral.join')}
        </Button>
      ) : (
        <Stack spacing={3}>
          <Alert severity="success" data-testid="referral-joined">
            {t('referral.joined')}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
            <TextField
              label={t('referral.linkLabel')}
              value={link}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'referral-link' } }}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              sx={{ flexShrink: 0 }}
              onClick={() =>
                void copyText(link).then((ok) => ok && showToast(t('referral.copied')))
              }
            >
              {t('referral.copy')}
            </Button>
          </Stack>
          <Box>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('referral.conversionsTitle')}
            </Typography>
            {conversions !== undefined && conversions.length === 0 && (
              <Typography color="text.secondary" data-testid="referral-none">
                {t('referral.none')}
              </Typography>
            )}
            {conversions !== undefined && conversions.length > 0 && (
              <Table size="small" data-testid="referral-conversions">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('referral.date')}</TableCell>
                    <TableCell align="right">{t('referral.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {conversions.map((c) => (
                    <TableRow key={c.id} data-testid="referral-conversion">
                      <TableCell>{date(c.createdAt)}</TableCell>
                      <TableCell align="right">{money(c)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('referral.reward')}
            </Typography>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
