/**
 * The customer orders the viewer may see (spec §4, LEAN-DEM-2 and LEAN-VIS-4) with their counters
 * and state; at the warehouse player's own station, the launch and ship buttons of each order.
 * A table that scrolls sideways inside its region on a phone.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import type { OrderRow, OrderState } from '@/features/games/lean/floor-model';
import { templateById, type LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { useMinuteFormat } from '@/features/games/lean/run-header';
import type { OrderActions } from '@/features/games/lean/station-actions';
import { useFormatNumber } from '@/lib/i18n/format-number';

const STATE_COLOR: Record<OrderState, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  future: 'default',
  open: 'info',
  late: 'error',
  fulfilled: 'success',
  fulfilledLate: 'warning',
};

export interface OrderButtons {
  actions: readonly OrderActions[];
  disabled: boolean;
  onLaunch: (order: number) => void;
  onShip: (order: number) => void;
}

export function OrdersPanel({
  game,
  rows,
  buttons,
  title,
}: {
  game: LeanScreenGame;
  rows: readonly OrderRow[];
  buttons?: OrderButtons;
  title?: string;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const minute = useMinuteFormat();
  const heading = title ?? t('leanPlay.orders.title');
  return (
    <section aria-label={heading} data-testid="lean-orders">
      <Typography variant="h6" component="h2" gutterBottom>
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="lean-orders-none">
          {t('leanPlay.orders.none')}
        </Typography>
      ) : (
        <ScrollRegion label={heading}>
          <Table size="small" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('leanPlay.orders.order')}</TableCell>
                <TableCell>{t('leanPlay.orders.product')}</TableCell>
                <TableCell align="right">{t('leanPlay.orders.minute')}</TableCell>
                <TableCell align="right">{t('leanPlay.orders.due')}</TableCell>
                <TableCell align="right">{t('leanPlay.orders.qty')}</TableCell>
                <TableCell align="right">{t('leanPlay.orders.started')}</TableCell>
                <TableCell align="right">{t('leanPlay.orders.shipped')}</TableCell>
                <TableCell>{t('leanPlay.orders.state')}</TableCell>
                {buttons && <TableCell>{t('leanPlay.orders.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ order: o, state }) => {
                const act = buttons?.actions.find((a) => a.index === o.index);
                return (
                  <TableRow key={o.index} data-testid={`order-row-${o.index}`}>
                    <TableCell>{t('leanPlay.orders.number', { n: o.index + 1 })}</TableCell>
                    <TableCell>
                      {templateById(game, o.template_id)?.name ?? o.template_id}
                    </TableCell>
                    <TableCell align="right">{minute(o.created_min)}</TableCell>
                    <TableCell align="right">{minute(o.due_min)}</TableCell>
                    <TableCell align="right">{format(o.qty)}</TableCell>
                    <TableCell align="right">{format(o.prod_started_qty)}</TableCell>
                    <TableCell align="right" data-testid={`order-shipped-${o.index}`}>
                      {format(o.fulfilled_qty)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATE_COLOR[state]}
                        variant={state === 'future' ? 'outlined' : 'filled'}
                        label={t(`leanPlay.orders.states.${state}`)}
                      />
                    </TableCell>
                    {buttons && (
                      <TableCell>
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={buttons.disabled || !act || act.launch === 0}
                            onClick={() => buttons.onLaunch(o.index)}
                            data-testid={`order-launch-${o.index}`}
                          >
                            {act && act.launch > 0
                              ? t('leanPlay.orders.launchN', { count: act.launch })
                              : t('leanPlay.orders.launch')}
                          </Button>
                          <Button
                            size="small"
                            variant="contained"
                            disabled={buttons.disabled || !act || act.ship === 0}
                            onClick={() => buttons.onShip(o.index)}
                            data-testid={`order-ship-${o.index}`}
                          >
                            {act && act.ship > 0
                              ? t('leanPlay.orders.shipN', { count: act.ship })
                              : t('leanPlay.orders.ship')}
                          </Button>
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </section>
  );
}
