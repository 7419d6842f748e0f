/**
 * The lean editor's operation assignment (LEAN-PROD-3): which facility paints each kind of dot
 * the products use. Painting stations always may; quality and rework stations only with
 * auto-inspection or poka-yoke on.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  assignOp,
  facilitiesInLine,
  parseOpType,
  usedOpTypes,
} from '@/features/games/lean/editor-draft';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { OpDot, useDotName } from '@/features/games/lean/product-dots';
import { useLeanNames } from '@/features/games/lean/use-lean-names';
import { Section, useIssueText } from '@/features/games/shared/editor-fields';
import { ownEntry } from '@/lib/own';

export function AssignmentSection({ config, change, issueAt, countUnder }: LeanSectionProps) {
  const { t } = useTranslation();
  const names = useLeanNames();
  const dotName = useDotName();
  const issueText = useIssueText();
  const assignment = config.params.opAssignment ?? {};
  const types = [
    ...usedOpTypes(config),
    ...Object.keys(assignment).filter((k) => !usedOpTypes(config).includes(k)),
  ];
  const jidoka =
    config.params.settings?.autoinspect === true || config.params.settings?.pokayoke === true;
  const painters = facilitiesInLine(config).filter(
    ([, f]) => f.type === 'station' || (jidoka && (f.type === 'quality' || f.type === 'rework')),
  );
  return (
    <Section
      title={t('leanEditor.assignment.title')}
      errorCount={countUnder('params.opAssignment')}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('leanEditor.assignment.help')}
      </Typography>
      <Stack spacing={1.5}>
        {types.map((type) => {
          const dot = parseOpType(type);
          const label = dot ? dotName(dot) : type;
          const to = ownEntry(assignment, type) ?? '';
          const issue = issueAt(`params.opAssignment.${type}`);
          return (
            <Stack
              key={type}
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <Box sx={{ pt: 1 }}>
                {dot ? <OpDot shape={dot.shape} color={dot.color} size={22} /> : null}
              </Box>
              <TextField
                select
                size="small"
                label={label}
                value={painters.some(([id]) => id === to) ? to : ''}
                onChange={(e) => change((c) => assignOp(c, type, e.target.value))}
                error={issue !== undefined}
                helperText={issue ? issueText(issue) : undefined}
                slotProps={{
                  select: {
                    SelectDisplayProps: { 'data-testid': `lean-assign-${type}` } as object,
                  },
                }}
                sx={{ width: 260, maxWidth: '100%' }}
              >
                {painters.map(([fid, f]) => (
                  <MenuItem key={fid} value={fid}>
                    {names.facility(f.name ?? fid)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          );
        })}
      </Stack>
    </Section>
  );
}
