/**
 * The player's own warehouse (design B.9): launch products for an order, ship finished products
 * to an open order, send what was launched down the line. Warehouse actions take no time
 * (LEAN-WH-3); heijunka launches and kanban sends by themselves.
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LeanFacilityDetail } from '@sim/core/lean/view';
import type { OrderRow } from '@/features/games/lean/floor-model';
import type { LeanRole, LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { OrdersPanel } from '@/features/games/lean/orders-panel';
import { UnitRow } from '@/features/games/lean/station-desk';
import { warehouseActions } from '@/features/games/lean/station-actions';
import type { LeanActing } from '@/features/games/lean/use-lean-action';
import { useRunTime } from '@/features/games/lean/use-lean';
import { useFormatNumber } from '@/lib/i18n/format-number';
import { ownEntry } from '@/lib/own';

export function WarehouseDesk({
  game,
  role,
  detail,
  orders,
  running,
  acting,
}: {
  game: LeanScreenGame;
  role: LeanRole;
  detail: LeanFacilityDetail;
  orders: readonly OrderRow[];
  running: boolean;
  acting: LeanActing;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  // Changes with the clock only when an order opens to shipping.
  const actions = useRunTime(game, ({ gameMs }) =>
    warehouseActions(
      game,
      detail,
      orders.map((r) => r.order),
      running,
      gameMs,
    ),
  );
  const off = acting.pending !== null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="lean-desk">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('leanPlay.desk.title', { name: role.name })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('leanPlay.duties.warehouse')}
      </Typography>
      {actions.autoLaunch && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
          {t('leanPlay.warehouse.heijunka')}
        </Typography>
      )}
      <OrdersPanel
        game={game}
        rows={orders}
        buttons={{
          actions: actions.orders,
          disabled: off,
          onLaunch: (order) => void acting.act({ kind: 'launch', order }, `launch-${order}`),
          onShip: (order) => void acting.act({ kind: 'ship', order }, `ship-${order}`),
        }}
      />
      <Box
        component="section"
        aria-label={t('leanPlay.warehouse.launched')}
        sx={{ mt: 2 }}
        data-testid="desk-out"
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('leanPlay.warehouse.launched')} ({detail.out.length})
        </Typography>
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
      </Box>
      <Box
        component="section"
        aria-label={t('leanPlay.warehouse.finished')}
        sx={{ mt: 2 }}
        data-testid="desk-in"
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('leanPlay.warehouse.finished')} ({detail.in.length})
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {game.templates.map((tm) => (
            <Typography key={tm.id} variant="body2">
              {tm.name}: {format(ownEntry(actions.finished, tm.id) ?? 0)}
            </Typography>
          ))}
        </Stack>
      </Box>
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
