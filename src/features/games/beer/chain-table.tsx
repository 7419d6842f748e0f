/**
 * The whole chain's figures in a transparent game: a table of every facility along the flow, and
 * the short figures under each facility of the map.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FacilityDetail } from '@sim/core/beer/view';
import { EllipsisText } from '@/components/ellipsis-text';
import type { PublicFacility } from '@/features/games/beer/game-model';
import { useHolderLabel } from '@/features/games/shared/holder-label';
import type { ChainRow } from '@/features/games/beer/play-model';
import { ScrollTable } from '@/features/games/beer/play-panels';
import { useFormatNumber } from '@/lib/i18n/format-number';

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

/** Stock, backlog and last order of a facility, under its name on the map. */
export function ChainFigures({ detail }: { detail: FacilityDetail }) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  const last = detail.history[detail.history.length - 1];
  const backlog = sum(detail.products.map((p) => p.backlog));
  const lines: { key: string; label: string; value: number; alert?: boolean }[] = [
    { key: 'stock', label: t('game.play.stock'), value: sum(detail.products.map((p) => p.stock)) },
    { key: 'backlog', label: t('game.play.backlog'), value: backlog, alert: backlog > 0 },
  ];
  if (last) {
    lines.push({
      key: 'ordered',
      label: t('game.play.lastOrder'),
      value: sum(last.capabilities.map((c) => c.ordered)),
    });
  }
  return (
    <Box
      component="dl"
      data-testid={`map-figures-${detail.id}`}
      sx={{
        m: 0,
        mt: 0.5,
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 1,
        justifyContent: 'center',
        typography: 'caption',
        '& dt': { color: 'text.secondary', textAlign: 'left' },
        '& dd': { m: 0, fontWeight: 700, textAlign: 'right' },
      }}
    >
      {lines.map((l) => (
        <Box key={l.key} sx={{ display: 'contents' }}>
          <dt>{l.label}</dt>
          <Box
            component="dd"
            data-testid={`map-${l.key}-${detail.id}`}
            sx={l.alert ? { color: 'error.main' } : undefined}
          >
            {num(l.value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Goods arriving in 1, 2… weeks, on one line: "+1: 4 · +2: 10". */
function ArrivingList({ arriving }: { arriving: readonly number[] }) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  if (arriving.length === 0) return <>–</>;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {arriving.map((q, k) => (
        <Box
          component="span"
          key={k}
          data-week={k + 1}
          title={t('game.play.inWeeks', { n: k + 1, qty: num(q) })}
          sx={{ '&:not(:last-of-type)::after': { content: '" · "', color: 'text.secondary' } }}
        >
          <Box component="span" sx={{ color: 'text.secondary', typography: 'caption' }}>
            +{k + 1}:
          </Box>{' '}
          {num(q)}
        </Box>
      ))}
    </Box>
  );
}

export function ChainTable({
  rows,
  facilities,
  viewer,
  productName,
}: {
  rows: readonly ChainRow[];
  facilities: readonly PublicFacility[];
  viewer: string;
  productName: (pid: string) => string;
}) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  const holder = useHolderLabel();
  const several = rows.some((r) => r.span > 1);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, md: 2 } }}
      component="section"
      aria-labelledby="chain-table-title"
    >
      <Typography variant="h6" component="h2" id="chain-table-title">
        {t('game.play.chainTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('game.play.chainHint')}
      </Typography>
      <ScrollTable label={t('game.play.chainTitle')}>
        <Table
          size="small"
          data-testid="chain-table"
          // Eight columns: dense cells, so the whole chain fits beside the order box.
          sx={{ '& th': { whiteSpace: 'nowrap' }, '&& .MuiTableCell-root': { px: 1 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('game.follow.facility')}</TableCell>
              {several && <TableCell>{t('game.play.product')}</TableCell>}
              <TableCell align="right">{t('game.play.stock')}</TableCell>
              <TableCell align="right">{t('game.play.backlog')}</TableCell>
              <TableCell align="right">{t('game.play.incomingOrders')}</TableCell>
              <TableCell align="right">{t('game.play.lastOrder')}</TableCell>
              <TableCell align="right">{t('game.follow.onOrder')}</TableCell>
              <TableCell>{t('game.play.arriving')}</TableCell>
              <TableCell align="right">{t('game.play.costSoFar')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const f = facilities.find((x) => x.id === r.fid);
              const mine = r.fid === viewer;
              const id = several ? `${r.fid}-${r.pid}` : r.fid;
              return (
                <TableRow key={`${r.fid}-${r.pid}`} selected={mine} data-testid={`chain-row-${id}`}>
                  {r.first && (
                    <TableCell
                      rowSpan={r.span}
                      sx={{ maxWidth: 180, verticalAlign: r.span > 1 ? 'top' : undefined }}
                    >
                      <EllipsisText text={f?.name ?? r.fid} sx={{ fontWeight: 600 }} />
                      {f && (
                        <EllipsisText
                          text={mine ? t('game.play.you') : holder(f)}
                          sx={{ color: 'text.secondary', typography: 'caption' }}
                        />
                      )}
                    </TableCell>
                  )}
                  {several && <TableCell>{productName(r.pid)}</TableCell>}
                  <TableCell align="right" data-testid={`chain-stock-${id}`}>
                    {num(r.stock)}
                  </TableCell>
                  <TableCell
                    align="right"
                    data-testid={`chain-backlog-${id}`}
                    sx={r.backlog > 0 ? { color: 'error.main' } : undefined}
                  >
                    {num(r.backlog)}
                  </TableCell>
                  <TableCell align="right" data-testid={`chain-incoming-${id}`}>
                    {num(r.incoming)}
                  </TableCell>
                  <TableCell align="right" data-testid={`chain-ordered-${id}`}>
                    {r.lastOrder === null ? '–' : num(r.lastOrder)}
                  </TableCell>
                  <TableCell align="right" data-testid={`chain-onorder-${id}`}>
                    {num(r.onOrder)}
                  </TableCell>
                  <TableCell data-testid={`chain-arriving-${id}`}>
                    <ArrivingList arriving={r.arriving} />
                  </TableCell>
                  {r.first && (
                    <TableCell
                      align="right"
                      rowSpan={r.span}
                      data-testid={`chain-cost-${r.fid}`}
                      sx={r.span > 1 ? { verticalAlign: 'top' } : undefined}
                    >
                      {num(r.cumCost)}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
