/**
 * An outlined text field for a number, as MUI's TextField draws it (label, helper text, error),
 * built from its parts: TextField imports Select and its menus for its `select` mode, which a
 * player's order box never uses and which the player's page need not download.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';

export interface NumberFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly disabled?: boolean;
  readonly error?: boolean;
  readonly helperText?: string;
  readonly inputRef?: Ref<HTMLInputElement> | undefined;
  /** Attributes of the input element (`data-testid`, `inputMode`, `pattern`…). */
  readonly htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  readonly size?: 'small' | 'medium';
  readonly sx?: SxProps<Theme>;
}

export function NumberField({
  label,
  value,
  onChange,
  disabled = false,
  error = false,
  helperText,
  inputRef,
  htmlInput,
  size = 'medium',
  sx,
}: NumberFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl size={size} disabled={disabled} error={error} sx={sx ?? {}}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        {...(inputRef ? { inputRef } : {})}
        inputProps={{
          ...htmlInput,
          ...(helperText ? { 'aria-describedby': helperId } : {}),
        }}
      />
      {/* The help says what may be typed: readable (contrast) also while the field is disabled. */}
      {helperText && (
        <FormHelperText id={helperId} disabled={false}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
