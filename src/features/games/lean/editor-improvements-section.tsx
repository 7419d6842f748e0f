/**
 * The lean editor's improvements (design B.12, LEAN-IMP-0): for each of the eight levers of spec
 * §9, whether players may change it in the improvements panel, and for the five switches whether
 * it is on when the game starts; the SMED factor and the heijunka pitch.
 */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LEAN_DEFAULTS, type Improvement, type SettingImprovement } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import {
  allowImprovement,
  IMPROVEMENTS,
  SETTING_IMPROVEMENTS,
} from '@/features/games/lean/editor-draft';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { NumberField, Section, SwitchField } from '@/features/games/shared/editor-fields';

const B = LEAN_BOUNDS;

function isSetting(lever: Improvement): lever is SettingImprovement {
  return (SETTING_IMPROVEMENTS as readonly string[]).includes(lever);
}

export function ImprovementsSection({ config, change, issueAt, countUnder }: LeanSectionProps) {
  const { t } = useTranslation();
  const p = config.params;
  const allowed = new Set(p.improvements ?? []);
  const setSetting = (lever: SettingImprovement, on: boolean) =>
    change((c) => ({
      ...c,
      params: { ...c.params, settings: { ...c.params.settings, [lever]: on } },
    }));
  // Absent (or stored as null): the default pitch of LEAN-IMP-5, the warehouse's batch × takt.
  const pitch = typeof p.heijunkaPitch === 'number' ? p.heijunkaPitch : undefined;
  return (
    <Section
      title={t('leanEditor.improvements.title')}
      errorCount={countUnder('params.smedFactor', 'params.heijunkaPitch')}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('leanEditor.improvements.help')}
      </Typography>
      <Stack spacing={1.5}>
        {IMPROVEMENTS.map((lever) => (
          <Paper
            key={lever}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid={`lean-lever-${lever}`}
            role="group"
            aria-labelledby={`lean-lever-${lever}-title`}
          >
            <Typography sx={{ fontWeight: 600 }} id={`lean-lever-${lever}-title`}>
              {t(`leanEditor.levers.${lever}.name`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`leanEditor.levers.${lever}.hint`)}
            </Typography>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
              <SwitchField
                label={t('leanEditor.improvements.playersMay')}
                checked={allowed.has(lever)}
                onChange={(v) => change((c) => allowImprovement(c, lever, v))}
                testId={`lean-allow-${lever}`}
              />
              {isSetting(lever) && (
                <SwitchField
                  label={t('leanEditor.improvements.onAtStart')}
                  checked={p.settings?.[lever] === true}
                  onChange={(v) => setSetting(lever, v)}
                  testId={`lean-setting-${lever}`}
                />
              )}
            </Stack>
            {lever === 'smed' && (
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                <NumberField
                  label={t('leanEditor.improvements.smedFactor')}
                  value={p.smedFactor ?? LEAN_DEFAULTS.smedFactor}
                  min={B.smedFactor.min}
                  max={B.smedFactor.max}
                  step={0.05}
                  issue={issueAt('params.smedFactor')}
                  onChange={(v) =>
                    change((c) => ({ ...c, params: { ...c.params, smedFactor: v } }))
                  }
                />
              </Stack>
            )}
            {lever === 'heijunka' && (
              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}
              >
                <SwitchField
                  label={t('leanEditor.improvements.autoPitch')}
                  checked={pitch === undefined}
                  onChange={(v) =>
                    change((c) => {
                      const params = { ...c.params };
                      if (v) delete params.heijunkaPitch;
                      else params.heijunkaPitch = 1;
                      return { ...c, params };
                    })
                  }
                />
                {pitch !== undefined && (
                  <NumberField
                    label={t('leanEditor.improvements.pitch')}
                    value={pitch}
                    min={B.heijunkaPitch.min}
                    max={B.heijunkaPitch.max}
                    step={0.1}
                    issue={issueAt('params.heijunkaPitch')}
                    onChange={(v) =>
                      change((c) => ({ ...c, params: { ...c.params, heijunkaPitch: v } }))
                    }
                  />
                )}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}
