/**
 * A round's name or description in the session settings form. A default template text shows in
 * the language on screen but stays stored as the default until the instructor changes it
 * (`roundTextToStore`), so a later language switch still translates it.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { roundTextInField, roundTextToStore } from '@/features/sessions/round-texts';

type RoundTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  /** The draft's text. */
  stored: string;
  /** The saved session's text of this round, if the round is saved. */
  saved: string | undefined;
  /** A stored text as displayed (`useRoundTexts`). */
  shown: (stored: string) => string;
  onChange: (stored: string) => void;
};

export function RoundTextField({ stored, saved, shown, onChange, ...field }: RoundTextFieldProps) {
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <TextField
      {...field}
      value={roundTextInField(stored, typing, saved, shown)}
      onChange={(e) => {
        setTyping(e.target.value);
        onChange(roundTextToStore(e.target.value, saved, shown));
      }}
    />
  );
}
