/**
 * A custom look as a MUI theme: the look's colours (look-colors.ts) over the app's theme, above
 * 1023 px only (spec §9); the app's theme itself below, or without a look.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { createTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import {
  LOOK_MIN_WIDTH,
  lookColors,
  type LookColors,
  type LookInput,
} from '@/lib/look/look-colors';

export function lookTheme(base: Theme, colors: LookColors): Theme {
  return createTheme(base, {
    palette: {
      primary: base.palette.augmentColor({
        color: { main: colors.primary, contrastText: colors.primaryContrast },
      }),
      background: { default: colors.background, paper: colors.paper },
      text: { primary: colors.text, secondary: colors.textSecondary },
    },
  });
}

/** The look's colours on this screen: null on a phone or a tablet, or without a look. */
export function useLookColors(input: LookInput | null | undefined): LookColors | null {
  const wide = useMediaQuery(`(min-width:${LOOK_MIN_WIDTH}px)`, { noSsr: true });
  const colors = lookColors(input ?? null, wide ? LOOK_MIN_WIDTH : 0);
  const key = colors ? JSON.stringify(colors) : '';
  // The same colours keep the same object, so a theme built from them is not rebuilt.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => colors, [key]);
}

export function useLookTheme(base: Theme, input: LookInput | null | undefined): Theme {
  const colors = useLookColors(input);
  return useMemo(() => (colors ? lookTheme(base, colors) : base), [base, colors]);
}
