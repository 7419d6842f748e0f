/**
 * A desk's running task (design B.7): what it does, a bar from its start to its end and the time
 * left, at the run's clock (read here, so a second renders this line alone); "idle" when nothing
 * runs.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LeanFacilityDetail } from '@sim/core/lean/view';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { splitOpType, templateById } from '@/features/games/lean/lean-game-model';
import { useDotName } from '@/features/games/lean/product-dots';
import { deskBusy, taskProgress } from '@/features/games/lean/station-actions';
import { useRunTime } from '@/features/games/lean/use-lean';

export function TaskLine({
  game,
  detail,
  testId,
}: {
  game: LeanScreenGame;
  detail: LeanFacilityDetail;
  testId?: string;
}) {
  const { t } = useTranslation();
  const dotName = useDotName();
  const task = detail.task;
  // What the line shows of the time: whole seconds left and the bar's whole percent.
  const time = useRunTime(game, ({ gameMs }) => {
    const busy = deskBusy(detail, gameMs);
    return busy.busy
      ? {
          seconds: Math.ceil(busy.leftMs / 1000),
          percent: Math.round(taskProgress(detail, gameMs) * 100),
        }
      : null;
  });
  if (!task || time === null) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {t('leanPlay.task.idle')}
      </Typography>
    );
  }
  const unitOf = (rank: number | undefined) => {
    const u = detail.desk.find((x) => x.rank === rank);
    const tmpl = templateById(game, u?.template ?? task.template ?? '');
    return t('leanPlay.unit.name', {
      product: tmpl?.name ?? '',
      rank: rank === undefined ? '' : String(rank + 1),
    });
  };
  const product = templateById(game, task.template ?? '')?.name ?? '';
  let what: string;
  switch (task.kind) {
    case 'changeover':
      what = t('leanPlay.task.changeover', { product });
      break;
    case 'load':
      what = t('leanPlay.task.load', { count: task.units.length, product });
      break;
    case 'paint': {
      const tool = task.tool ? splitOpType(task.tool) : null;
      what = t('leanPlay.task.paint', {
        dot: tool ? dotName(tool) : '',
        unit: unitOf(task.units[0]),
      });
      break;
    }
    case 'inspect':
      what = t('leanPlay.task.inspect', { unit: unitOf(task.units[0]) });
      break;
    case 'remove':
      what = t('leanPlay.task.remove', { unit: unitOf(task.units[0]) });
      break;
  }
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {what} · {t('leanPlay.task.left', { count: time.seconds })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={time.percent}
        aria-label={what}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
