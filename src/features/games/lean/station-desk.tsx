/**
 * The player's own painting, quality or rework station (design B.7, B.8), where they act: load a
 * batch from the queue (choosing the product when several wait), paint a dot with the tool
 * chosen, inspect a product, remove a defect found, send the output. Buttons are off while the
 * desk is busy, with the time left; a refusal says why.
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpType } from '@sim/core/lean/model';
import type { LeanFacilityDetail, LeanUnitView } from '@sim/core/lean/view';
import {
  splitOpType,
  templateById,
  type LeanRole,
  type LeanScreenGame,
} from '@/features/games/lean/lean-game-model';
import { ProductDots } from '@/features/games/lean/product-dots';
import { canRework, deskBusy, stationActions } from '@/features/games/lean/station-actions';
import { TaskLine } from '@/features/games/lean/task-line';
import { ToolPicker } from '@/features/games/lean/tool-picker';
import { UnitChip, UnitDots, useUnitName } from '@/features/games/lean/unit-dots';
import type { LeanActing } from '@/features/games/lean/use-lean-action';
import { useRunTime } from '@/features/games/lean/use-lean';

/** How many units of a queue are drawn; the others are counted. */
const SHOWN_UNITS = 8;

function Zone({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title} <span data-testid={`${testId}-count`}>({count})</span>
      </Typography>
      {children}
    </Box>
  );
}

export function UnitRow({ game, units }: { game: LeanScreenGame; units: readonly LeanUnitView[] }) {
  const { t } = useTranslation();
  const more = units.length - SHOWN_UNITS;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {units.slice(0, SHOWN_UNITS).map((u) => (
        <UnitChip key={u.rank} unit={u} template={templateById(game, u.template)} />
      ))}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {t('leanPlay.desk.more', { count: more })}
        </Typography>
      )}
    </Box>
  );
}

/** What the station does: the dots it paints, inspection, rework. */
export function StationDuties({ game, role }: { game: LeanScreenGame; role: LeanRole }) {
  const { t } = useTranslation();
  const dots = role.ops.flatMap((o) => {
    const d = splitOpType(o);
    return d ? [d] : [];
  });
  const { autoinspect, pokayoke } = game.lean.settings;
  return (
    <Stack spacing={0.5} data-testid="station-duties">
      {dots.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          <Typography variant="body2">{t('leanPlay.duties.paints')}</Typography>
          <ProductDots ops={dots} label={role.name} size={20} />
        </Stack>
      )}
      {role.type === 'quality' && !autoinspect && !pokayoke && (
        <Typography variant="body2">{t('leanPlay.duties.inspects')}</Typography>
      )}
      {role.type === 'quality' && (
        <Typography variant="body2">{t('leanPlay.duties.removes')}</Typography>
      )}
      {canRework(role) && <Typography variant="body2">{t('leanPlay.duties.reworks')}</Typography>}
      {autoinspect && role.type === 'station' && (
        <Typography variant="body2">{t('leanPlay.duties.autoinspect')}</Typography>
      )}
      {role.type !== 'warehouse' &&
        dots.length === 0 &&
        !canRework(role) &&
        role.type !== 'quality' && (
          <Typography variant="body2" color="text.secondary">
            {t('leanPlay.duties.nothing')}
          </Typography>
        )}
    </Stack>
  );
}

/** "Busy for 3 s": its seconds follow the clock here, so the desk renders when it turns free. */
function BusyLine({ game, detail }: { game: LeanScreenGame; detail: LeanFacilityDetail }) {
  const { t } = useTranslation();
  const seconds = useRunTime(game, ({ gameMs }) =>
    Math.ceil(deskBusy(detail, gameMs).leftMs / 1000),
  );
  return (
    <Typography variant="caption" color="text.secondary" data-testid="desk-busy">
      {t('leanPlay.desk.busy', { count: seconds })}
    </Typography>
  );
}

export function StationDesk({
  game,
  role,
  detail,
  running,
  acting,
}: {
  game: LeanScreenGame;
  role: LeanRole;
  detail: LeanFacilityDetail;
  running: boolean;
  acting: LeanActing;
}) {
  const unitName = useUnitName();
  const { t } = useTranslation();
  const [tool, setTool] = useState<OpType>(role.ops[0] ?? 'circle:green');
  const busy = useRunTime(game, ({ gameMs }) => deskBusy(detail, gameMs).busy);
  const actions = stationActions(game, role, detail, running, busy);
  const off = acting.pending !== null;
  const paints = role.ops.length > 0 || canRework(role);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="lean-desk">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('leanPlay.desk.title', { name: role.name })}
      </Typography>
      <StationDuties game={game} role={role} />
      <Box sx={{ mt: 1.5 }}>
        <TaskLine game={game} detail={detail} testId="desk-task" />
        {running && actions.busy && <BusyLine game={game} detail={detail} />}
      </Box>

      <Zone title={t('leanPlay.desk.queue')} count={detail.in.length} testId="desk-in">
        <UnitRow game={game} units={detail.in} />
        {actions.loads.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
            {actions.loads.map((l) => {
              const product = templateById(game, l.template)?.name ?? l.template;
              return (
                <Button
                  key={l.template}
                  variant="contained"
                  disabled={!actions.canLoad || off}
                  onClick={() =>
                    void acting.act({ kind: 'load', template: l.template }, `load-${l.template}`)
                  }
                  data-testid={`desk-load-${l.template}`}
                >
                  {t('leanPlay.desk.load', { count: l.count, product })}
                </Button>
              );
            })}
          </Stack>
        )}
        {detail.desk.length > 0 && detail.in.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('leanPlay.desk.loadWhenEmpty')}
          </Typography>
        )}
      </Zone>

      <Zone title={t('leanPlay.desk.desk')} count={detail.desk.length} testId="desk-desk">
        {detail.desk.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('leanPlay.desk.deskEmpty')}
          </Typography>
        ) : (
          <Stack spacing={1} sx={{ mt: 0.5 }}>
            {detail.desk.map((u) => {
              const ua = actions.units.find((x) => x.rank === u.rank);
              const template = templateById(game, u.template);
              return (
                <Stack
                  key={u.rank}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  useFlexGap
                >
                  <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 72 }} aria-hidden>
                    {unitName(template, u)}
                  </Typography>
                  <UnitDots
                    unit={u}
                    template={template}
                    size={22}
                    testId={`desk-unit-${u.rank}`}
                    actions={{
                      paint: ua?.paint ?? [],
                      remove: ua?.remove ?? [],
                      disabled: off || !actions.free,
                      onPaint: (op) =>
                        void acting.act(
                          { kind: 'paint', unit: u.rank, op, tool },
                          `paint-${u.rank}-${op}`,
                        ),
                      onRemove: (op) =>
                        void acting.act(
                          { kind: 'remove', unit: u.rank, op },
                          `remove-${u.rank}-${op}`,
                        ),
                    }}
                  />
                  {ua?.inspect && (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={off || !actions.free}
                      onClick={() =>
                        void acting.act({ kind: 'inspect', unit: u.rank }, `inspect-${u.rank}`)
                      }
                      data-testid={`desk-inspect-${u.rank}`}
                    >
                      {t('leanPlay.desk.inspect')}
                    </Button>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        {paints && (
          <Box sx={{ mt: 1.5 }}>
            <ToolPicker tool={tool} onChange={setTool} />
            <Typography variant="caption" color="text.secondary">
              {game.lean.settings.pokayoke ? t('leanPlay.tool.pokayoke') : t('leanPlay.tool.hint')}
            </Typography>
          </Box>
        )}
      </Zone>

      <Zone title={t('leanPlay.desk.output')} count={detail.out.length} testId="desk-out">
        <UnitRow game={game} units={detail.out} />
        {actions.autoSend ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('leanPlay.desk.kanbanSends')}
          </Typography>
        ) : (
          <Button
            sx={{ mt: 1 }}
            variant="contained"
            color="secondary"
            startIcon={<SendIcon />}
            disabled={!actions.canSend || off}
            onClick={() => void acting.act({ kind: 'send' }, 'send')}
            data-testid="desk-send"
          >
            {t('leanPlay.desk.send')}
          </Button>
        )}
      </Zone>

      {acting.refusal && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          onClose={acting.dismiss}
          data-testid="lean-refusal"
        >
          {acting.refusal}
        </Alert>
      )}
    </Paper>
  );
}
