/**
 * The lean editor's run section: the run's length, when orders fall due, how long a move takes
 * per cell, whether players see future orders and every station, and the seed of the defects.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LEAN_DEFAULTS } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import { NumberField, Section, SwitchField } from '@/features/games/shared/editor-fields';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';

const B = LEAN_BOUNDS;

export function RunSection({ config, change, issueAt, countUnder }: LeanSectionProps) {
  const { t } = useTranslation();
  const p = config.params;
  const cdp = p.consumerDemandParams ?? {};
  const duration = cdp.totalDuration ?? LEAN_DEFAULTS.totalDuration;
  const setCdp = (field: 'totalDuration' | 'dueDelay' | 'visibility', v: number | boolean) =>
    change((c) => ({
      ...c,
      params: {
        ...c.params,
        consumerDemandParams: { ...c.params.consumerDemandParams, [field]: v },
      },
    }));
  const setParam = (field: 'moveCellTime' | 'seed' | 'transparent', v: number | boolean) =>
    change((c) => ({ ...c, params: { ...c.params, [field]: v } }));
  return (
    <Section
      title={t('leanEditor.run.title')}
      defaultExpanded
      errorCount={countUnder('params.consumerDemandParams', 'params.moveCellTime', 'params.seed')}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <NumberField
            label={t('leanEditor.run.totalDuration')}
            value={duration}
            min={B.totalDuration.min}
            max={B.totalDuration.max}
            issue={issueAt('params.consumerDemandParams.totalDuration')}
            onChange={(v) => setCdp('totalDuration', v)}
            testId="lean-totalDuration"
          />
          <NumberField
            label={t('leanEditor.run.dueDelay')}
            value={cdp.dueDelay ?? LEAN_DEFAULTS.dueDelay}
            min={0}
            max={duration}
            step={0.1}
            issue={issueAt('params.consumerDemandParams.dueDelay')}
            onChange={(v) => setCdp('dueDelay', v)}
            testId="lean-dueDelay"
          />
          <NumberField
            label={t('leanEditor.run.moveCellTime')}
            value={p.moveCellTime ?? LEAN_DEFAULTS.moveCellTime}
            min={B.moveCellTime.min}
            max={B.moveCellTime.max}
            step={0.05}
            issue={issueAt('params.moveCellTime')}
            onChange={(v) => setParam('moveCellTime', v)}
            testId="lean-moveCellTime"
          />
          <NumberField
            label={t('leanEditor.run.seed')}
            value={p.seed ?? LEAN_DEFAULTS.seed}
            min={B.seed.min}
            max={B.seed.max}
            issue={issueAt('params.seed')}
            onChange={(v) => setParam('seed', v)}
            testId="lean-seed"
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('leanEditor.run.help')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <SwitchField
            label={t('leanEditor.run.visibility')}
            checked={cdp.visibility === true}
            onChange={(v) => setCdp('visibility', v)}
            testId="lean-visibility"
          />
          <SwitchField
            label={t('leanEditor.run.transparent')}
            checked={p.transparent === true}
            onChange={(v) => setParam('transparent', v)}
            testId="lean-transparent"
          />
        </Stack>
      </Stack>
    </Section>
  );
}
