/**
 * Every facility of the line as a card: its type, who plays it, what is in its queue, on its desk
 * (with the running task and a bar to its end) and in its output, where the viewer sees it (in
 * full, or a neighbour's counts, LEAN-VIS-3); a facility out of sight says so.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '@/components/ellipsis-text';
import { useHolderLabel } from '@/features/games/shared/holder-label';
import { LeanFacilityIcon } from '@/features/games/lean/facility-icon';
import type { FloorStation } from '@/features/games/lean/floor-model';
import { templateById, type LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { TaskLine } from '@/features/games/lean/task-line';
import { UnitChip } from '@/features/games/lean/unit-dots';

function Counts({ station }: { station: FloorStation }) {
  const { t } = useTranslation();
  const c = station.counts;
  if (!c) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('leanPlay.station.outOfSight')}
      </Typography>
    );
  }
  const warehouse = station.role.type === 'warehouse';
  return (
    <Typography variant="body2" data-testid={`station-counts-${station.role.id}`}>
      {warehouse
        ? t('leanPlay.station.warehouseCounts', { launched: c.out, finished: c.in })
        : t('leanPlay.station.counts', { in: c.in, desk: c.desk, out: c.out })}
      {station.busy !== null && station.detail === null && (
        <> · {station.busy ? t('leanPlay.station.busy') : t('leanPlay.station.idle')}</>
      )}
    </Typography>
  );
}

export function StationCard({
  game,
  station,
  showUnits,
}: {
  game: LeanScreenGame;
  station: FloorStation;
  /** Draw the units of a station seen in full (the live view's floor). */
  showUnits: boolean;
}) {
  const { t } = useTranslation();
  const holder = useHolderLabel();
  const tt = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  const { role, detail } = station;
  const units = detail ? [...detail.in, ...detail.desk, ...detail.out] : [];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={role.name}
      data-testid={`station-card-${role.id}`}
      sx={{ p: 1.5, minWidth: 0, borderColor: station.own ? 'primary.main' : 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <LeanFacilityIcon type={role.type} aria-hidden sx={{ color: 'text.secondary' }} />
        <EllipsisText text={role.name} sx={{ fontWeight: 600, minWidth: 0, flex: 1 }} />
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
      >
        <Typography variant="caption" color="text.secondary">
          {tt(`leanEditor.types.${role.type}`, { defaultValue: role.type })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={role.user !== null ? 'primary' : 'default'}
          label={holder(role)}
          sx={{ maxWidth: '100%' }}
        />
      </Stack>
      <Counts station={station} />
      {detail && role.type !== 'warehouse' && (
        <Box sx={{ mt: 0.5 }}>
          <TaskLine game={game} detail={detail} testId={`station-task-${role.id}`} />
          {detail.setup !== null && (
            <Typography variant="caption" color="text.secondary">
              {t('leanPlay.station.setup', {
                product: templateById(game, detail.setup)?.name ?? detail.setup,
              })}
            </Typography>
          )}
        </Box>
      )}
      {showUnits && units.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {units.map((u) => (
            <UnitChip key={u.rank} unit={u} template={templateById(game, u.template)} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** Drawn again only when its documents change; each task line follows the clock itself. */
export const StationCards = memo(function StationCards({
  game,
  stations,
  showUnits = false,
}: {
  game: LeanScreenGame;
  stations: readonly FloorStation[];
  showUnits?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('leanPlay.station.listTitle')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('leanPlay.station.listTitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
          gap: 1.5,
        }}
      >
        {stations.map((s) => (
          <StationCard key={s.role.id} game={game} station={s} showUnits={showUnits} />
        ))}
      </Box>
    </Box>
  );
});
