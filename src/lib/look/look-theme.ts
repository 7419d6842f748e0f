/**
 * A custom look as a MUI theme: the look's colours (look-colors.ts) over the app's theme, above
 * 1023 px only (spec §9); the app's theme itself below, or without a look.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { createTheme, type Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import type * as LookColorsCode from '@/lib/look/look-colors';
import type { LookColors, LookInput } from '@/lib/look/look-colors';
import { LOOK_MIN_WIDTH } from '@/lib/look/look-width';

type LookColorsModule = typeof LookColorsCode;

/**
 * The colour code (and its colour library) loads only for a look on a wide screen: a phone, and
 * every page without a look, render without it.
 */
let loadedColors: LookColorsModule | null = null;
let loadingColors: Promise<LookColorsModule> | null = null;

/** Starts the colour code's download early, on a host whose look is known to come. */
export function preloadLookColors(): void {
  if (window.matchMedia(`(min-width:${LOOK_MIN_WIDTH}px)`).matches) {
    loadLookColors().catch(() => undefined);
  }
}

function loadLookColors(): Promise<LookColorsModule> {
  loadingColors ??= import('@/lib/look/look-colors').then(
    (module) => (loadedColors = module),
    (error: unknown) => {
      loadingColors = null;
      throw error;
    },
  );
  return loadingColors;
}

function namesColour(input: LookInput | null | undefined): boolean {
  return (
    !!input &&
    [input.bckColor, input.mainColor, input.textColor].some((value) => typeof value === 'string')
  );
}

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
  const wanted = wide && namesColour(input);
  const [module, setModule] = useState(loadedColors);
  useEffect(() => {
    if (wanted && !module) loadLookColors().then(setModule, () => undefined);
  }, [wanted, module]);
  const colors = module?.lookColors(input ?? null, wide ? LOOK_MIN_WIDTH : 0) ?? null;
  const key = colors ? JSON.stringify(colors) : '';
  // The same colours keep the same object, so a theme built from them is not rebuilt.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => colors, [key]);
}

export function useLookTheme(base: Theme, input: LookInput | null | undefined): Theme {
  const colors = useLookColors(input);
  return useMemo(() => (colors ? lookTheme(base, colors) : base), [base, colors]);
}
