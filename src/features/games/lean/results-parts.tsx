/**
 * The building blocks of the lean results and debrief sections: a section's frame, a key figure
 * (its exact value kept in `data-value` for whoever checks it), a chart's box, and the number,
 * percent and minute formats of the language on screen.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveContainer } from 'recharts';
import { numberFormatter } from '@/lib/i18n/format-number';

/** Series colours, distinct for colour-blind readers (Okabe–Ito). */
export const SERIES = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#7f7f7f'];

export interface Formats {
  /** A number with at most 2 decimals. */
  num: (n: number) => string;
  /** A fraction as a percent (0.545 → "55 %" in French). */
  pct: (n: number | null) => string;
  /** Minutes with at most 2 decimals. */
  min: (n: number | null) => string;
}

export function useFormats(): Formats {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const num = numberFormatter(i18n.language, 2);
    const percent = new Intl.NumberFormat(i18n.language, {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    return {
      num,
      pct: (n) => (n === null ? '—' : percent.format(n)),
      min: (n) => (n === null ? '—' : t('leanResults.minutes', { n: num(n) })),
    };
  }, [i18n.language, t]);
}

export function SectionFrame({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
      data-testid={`debrief-${id}`}
      component="section"
      aria-labelledby={`debrief-${id}-title`}
    >
      <Typography variant="h6" component="h2" id={`debrief-${id}-title`}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {lead}
      </Typography>
      {children}
    </Paper>
  );
}

/** Key figures in a row that wraps. */
export function Figures({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
        gap: 2,
        m: 0,
        mb: 2,
      }}
    >
      {children}
    </Box>
  );
}

export function Figure({
  label,
  value,
  raw,
  testId,
}: {
  label: string;
  value: string;
  /** The exact figure (the debrief's number), for checks. */
  raw: number | null;
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontSize: '1.4rem', fontWeight: 700 }}
        data-testid={testId}
        data-value={raw === null ? '' : String(raw)}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A chart that fills the width, named for screen readers. */
export function ChartBox({
  label,
  height = 260,
  children,
  testId,
}: {
  label: string;
  height?: number;
  children: ReactElement;
  testId?: string;
}) {
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid={testId}
      sx={{ width: '100%', height, minWidth: 0, my: 1 }}
    >
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

/**
 * Legend labels in the text colour: a series' own colour (a light yellow, a grey) is too pale to
 * read as text.
 */
export function legendText(value: unknown): ReactNode {
  return <span style={{ color: 'rgba(0, 0, 0, 0.87)' }}>{String(value)}</span>;
}

export function SubTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}
