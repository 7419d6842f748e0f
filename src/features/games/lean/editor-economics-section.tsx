/**
 * The lean editor's economics (design Part C.1, Part E Q14): what a station costs per minute, what
 * a unit in process costs per minute, and the penalties of a late and of a defective unit. Prices
 * and material costs are the products'.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LEAN_DEFAULTS } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { NumberField, Section } from '@/features/games/shared/editor-fields';

const FIELDS = [
  'stationCostPerMin',
  'holdingCostPerUnitMin',
  'latePenalty',
  'defectPenalty',
] as const;

export function EconomicsSection({ config, change, issueAt, countUnder }: LeanSectionProps) {
  const { t } = useTranslation();
  const e = config.params.economics ?? {};
  return (
    <Section title={t('leanEditor.economics.title')} errorCount={countUnder('params.economics')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('leanEditor.economics.help')}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        {FIELDS.map((field) => (
          <NumberField
            key={field}
            label={t(`leanEditor.economics.${field}`)}
            value={e[field] ?? LEAN_DEFAULTS[field]}
            min={LEAN_BOUNDS.money.min}
            max={LEAN_BOUNDS.money.max}
            step={field === 'holdingCostPerUnitMin' ? 0.01 : 0.5}
            issue={issueAt(`params.economics.${field}`)}
            onChange={(v) =>
              change((c) => ({
                ...c,
                params: { ...c.params, economics: { ...c.params.economics, [field]: v } },
              }))
            }
            testId={`lean-economics-${field}`}
          />
        ))}
      </Stack>
    </Section>
  );
}
