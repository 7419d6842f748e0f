/** The player's own panels of the play screen: the figures, this week, the last weeks. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { memo, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacilityDetail } from '@sim/core/beer/view';
import { ScrollRegion } from '@/components/scroll-region';
import { useFormatNumber } from '@/lib/i18n/format-number';

/**
 * A table that scrolls inside its panel on a narrow screen instead of widening the page; as a
 * focusable named region, so its hidden columns are reachable with the keyboard.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion
      label={label}
      // Denser cells on a phone, so more of the table shows before it scrolls.
      sx={{ '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } }}
    >
      {children}
    </ScrollRegion>
  );
}

export function PipelineCells({ arriving }: { arriving: readonly number[] }) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  if (arriving.length === 0) return <>{t('game.play.pipelineHidden')}</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
      {arriving.map((q, k) => (
        <Chip
          key={k}
          size="small"
          variant="outlined"
          label={t('game.play.inWeeks', { n: k + 1, qty: num(q) })}
        />
      ))}
    </Stack>
  );
}

export function Figure({
  label,
  value,
  color,
  testId,
  small = false,
}: {
  label: string;
  value: string;
  color?: string | undefined;
  testId?: string;
  /** A figure of the week, below the player's own figures. */
  small?: boolean;
}) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{
          color,
          fontWeight: 600,
          fontSize: small ? '1.1rem' : { xs: '1.35rem', md: '1.5rem' },
        }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The player's own figures: cost, profit, and per product stock, backlog and orders received. */
export function OwnPanel({
  own,
  productName,
}: {
  own: FacilityDetail | null;
  productName: (pid: string) => string;
}) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  const several = (own?.products.length ?? 0) > 1;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, md: 2 } }}
      component="section"
      aria-label={t('game.play.ownFigures')}
      data-testid="play-own"
    >
      <Stack direction="row" spacing={{ xs: 2, md: 3 }} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Figure
          label={t('game.play.costSoFar')}
          value={own ? num(own.cumCost) : '–'}
          testId="play-cost"
        />
        {own && own.cumRevenue > 0 && (
          <Figure label={t('game.play.profit')} value={num(own.cumProfit)} />
        )}
        {own?.products.map((p) => {
          const incoming = own.current?.products.find((x) => x.pid === p.pid)?.incoming;
          return (
            <Stack key={p.pid} direction="row" spacing={{ xs: 2, md: 3 }} useFlexGap>
              <Figure
                label={
                  several
                    ? t('game.play.stockOf', { product: productName(p.pid) })
                    : t('game.play.stock')
                }
                value={num(p.stock)}
                testId={`play-stock-${p.pid}`}
              />
              <Figure
                label={t('game.play.backlog')}
                value={num(p.backlog)}
                color={p.backlog > 0 ? 'error.main' : undefined}
                testId={`play-backlog-${p.pid}`}
              />
              {incoming !== undefined && (
                <Figure
                  label={t('game.play.incomingOrders')}
                  value={num(incoming)}
                  testId={`play-incoming-now-${p.pid}`}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** A product's cost of the week: holding, backlog and missed sales. */
function weekCost(p: {
  readonly holdingCost: number;
  readonly backlogCost: number;
  readonly missedSaleCost: number;
}): number {
  return p.holdingCost + p.backlogCost + p.missedSaleCost;
}

export function ThisWeekPanel({
  own,
  productName,
}: {
  own: FacilityDetail | null;
  productName: (pid: string) => string;
}) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  // On a phone the week's figures side by side, as the player's own: a table of five columns
  // leaves each header a word per line.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const products = own?.current?.products ?? [];
  const titleId = useId();
  if (narrow) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: 1.5 }}
        component="section"
        aria-labelledby={titleId}
        data-testid="play-this-week"
      >
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          {t('game.play.thisWeek')}
        </Typography>
        <Stack spacing={1.5}>
          {products.map((p) => (
            <Box key={p.pid}>
              {products.length > 1 && (
                <Typography variant="subtitle2" component="h3">
                  {productName(p.pid)}
                </Typography>
              )}
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                <Figure
                  small
                  label={t('game.play.incomingOrders')}
                  value={num(p.incoming)}
                  testId={`play-incoming-${p.pid}`}
                />
                <Figure small label={t('game.play.received')} value={num(p.received)} />
                <Figure small label={t('game.play.shipped')} value={num(p.shipped)} />
                <Figure small label={t('game.play.weekCost')} value={num(weekCost(p))} />
              </Stack>
            </Box>
          ))}
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="play-this-week">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('game.play.thisWeek')}
      </Typography>
      <ScrollTable label={t('game.play.thisWeek')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('game.play.product')}</TableCell>
              <TableCell align="right">{t('game.play.incomingOrders')}</TableCell>
              <TableCell align="right">{t('game.play.received')}</TableCell>
              <TableCell align="right">{t('game.play.shipped')}</TableCell>
              <TableCell align="right">{t('game.play.weekCost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((p) => (
              <TableRow key={p.pid}>
                <TableCell>{productName(p.pid)}</TableCell>
                <TableCell align="right" data-testid={`play-incoming-${p.pid}`}>
                  {num(p.incoming)}
                </TableCell>
                <TableCell align="right">{num(p.received)}</TableCell>
                <TableCell align="right">{num(p.shipped)}</TableCell>
                <TableCell align="right">{num(weekCost(p))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

interface WeekFigures {
  readonly week: number;
  readonly incoming: number;
  readonly shipped: number;
  readonly stock: number;
  readonly backlog: number;
  readonly ordered: number;
  readonly cost: number;
}

/**
 * A past week's row: a week turn adds a row and leaves the others as they were, so only the new
 * one renders.
 */
const HistoryRow = memo(function HistoryRow(figures: WeekFigures) {
  const num = useFormatNumber();
  const { week, ...rest } = figures;
  return (
    <TableRow>
      <TableCell>{num(week)}</TableCell>
      {[rest.incoming, rest.shipped, rest.stock, rest.backlog, rest.ordered, rest.cost].map(
        (figure, i) => (
          <TableCell key={i} align="right">
            {num(figure)}
          </TableCell>
        ),
      )}
    </TableRow>
  );
});

export function HistoryPanel({ own }: { own: FacilityDetail }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('game.play.history')}
      </Typography>
      <ScrollTable label={t('game.play.history')}>
        <Table size="small" data-testid="play-history">
          <TableHead>
            <TableRow>
              <TableCell>{t('game.play.weekCol')}</TableCell>
              <TableCell align="right">{t('game.play.incomingOrders')}</TableCell>
              <TableCell align="right">{t('game.play.shipped')}</TableCell>
              <TableCell align="right">{t('game.play.stock')}</TableCell>
              <TableCell align="right">{t('game.play.backlog')}</TableCell>
              <TableCell align="right">{t('game.play.ordered')}</TableCell>
              <TableCell align="right">{t('game.play.weekCost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {own.history
              .map((h, k) => ({ h, week: k + 1 }))
              .slice(-8)
              .reverse()
              .map(({ h, week }) => (
                <HistoryRow
                  key={week}
                  week={week}
                  incoming={sum(h.products.map((p) => p.incoming))}
                  shipped={sum(h.products.map((p) => p.shipped))}
                  stock={sum(h.products.map((p) => p.stock))}
                  backlog={sum(h.products.map((p) => p.backlog))}
                  ordered={sum(h.capabilities.map((c) => c.ordered))}
                  cost={h.cost}
                />
              ))}
          </TableBody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
