import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The session code card's frame while its code and strings load: the same card, lines and
 * field row as `JoinCodeForm` (a line of text each), empty, so the form arriving moves
 * nothing around it (the home page's illustration sat under it on a phone: CLS).
 */
export function JoinCodePlaceholder({ variant = 'card' }: { variant?: 'hero' | 'card' }) {
  return (
    <Paper
      aria-hidden
      elevation={variant === 'hero' ? 8 : 0}
      variant={variant === 'hero' ? 'elevation' : 'outlined'}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}
    >
      <Typography variant="subtitle1">&nbsp;</Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        &nbsp;
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {/* A small outlined field and the submit button are 40 px tall. */}
        <Box sx={{ flex: { sm: 1 }, height: 40 }} />
        <Box sx={{ height: 40, width: { xs: '100%', sm: 96 } }} />
      </Stack>
    </Paper>
  );
}
