import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

/** A checkbox whose label carries a hint line under it, read by screen readers as its description. */
export function HintedCheckbox({
  checked,
  onChange,
  label,
  hint,
  testId,
  sx,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  hint: ReactNode;
  testId: string;
  sx?: SxProps<Theme>;
}) {
  const hintId = useId();
  return (
    <FormControlLabel
      sx={[{ alignItems: 'flex-start' }, ...(Array.isArray(sx) ? sx : [sx])]}
      control={
        <Checkbox
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          sx={{ mt: -0.75 }}
          slotProps={{ input: { 'aria-describedby': hintId } }}
          data-testid={testId}
        />
      }
      label={
        <>
          {label}
          <Typography
            id={hintId}
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {hint}
          </Typography>
        </>
      }
    />
  );
}
