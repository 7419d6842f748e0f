/**
 * The map of a beer game along the flow of goods: the consumers, then the retailer, the
 * wholesaler… up to the factory (map-flow.ts), with arrows for the orders going up the chain and
 * the goods coming down. Side by side where the columns fit, top to bottom otherwise (a phone).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import BuildIcon from '@mui/icons-material/Build';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DomainIcon from '@mui/icons-material/Domain';
import FactoryIcon from '@mui/icons-material/Factory';
import GroupsIcon from '@mui/icons-material/Groups';
import PeopleIcon from '@mui/icons-material/People';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { EllipsisText } from '@/components/ellipsis-text';
import type { BeerGameDoc, PublicFacility } from '@/features/games/beer/game-model';
import {
  flowColumns,
  flowFitsAcross,
  FLOW_CARD_MIN_WIDTH,
  FLOW_CONSUMER_WIDTH,
  FLOW_LINK_WIDTH,
} from '@/features/games/beer/map-flow';
import { useHolderLabel } from '@/features/games/shared/holder-label';

const VISUAL_ICON: Record<string, ReactNode> = {
  retailer: <ShoppingCartIcon />,
  wholesaler: <DomainIcon />,
  distributor: <CallSplitIcon />,
  factory: <FactoryIcon />,
  workshop: <BuildIcon />,
};

export function facilityIcon(visual: string): ReactNode {
  return Object.hasOwn(VISUAL_ICON, visual) ? VISUAL_ICON[visual] : <BuildIcon />;
}

/** Who holds a facility, as shown to everyone. */
/** The element's width, followed as it changes (null before the first layout). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const ORDERS_COLOR = 'primary.main';
const GOODS_COLOR = 'success.dark';

/** The two arrows between neighbours: orders up the chain, goods down it. */
function FlowLink({ across }: { across: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'flex',
        flexDirection: across ? 'column' : 'row',
        alignItems: 'center',
        justifyContent: 'center',
        gap: across ? 0 : 1.5,
        flex: `0 0 ${across ? `${FLOW_LINK_WIDTH}px` : 'auto'}`,
        py: across ? 0 : 0.25,
        fontSize: 20,
      }}
    >
      {across ? (
        <>
          <ArrowForwardIcon fontSize="inherit" sx={{ color: ORDERS_COLOR }} />
          <ArrowBackIcon fontSize="inherit" sx={{ color: GOODS_COLOR }} />
        </>
      ) : (
        <>
          <ArrowDownwardIcon fontSize="inherit" sx={{ color: ORDERS_COLOR }} />
          <ArrowUpwardIcon fontSize="inherit" sx={{ color: GOODS_COLOR }} />
        </>
      )}
    </Box>
  );
}

function ConsumerNode({ across }: { across: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="map-consumers"
      sx={{
        display: 'flex',
        flexDirection: across ? 'column' : 'row',
        alignItems: 'center',
        justifyContent: 'center',
        gap: across ? 0.25 : 1,
        flex: across ? `0 0 ${FLOW_CONSUMER_WIDTH}px` : '0 0 auto',
        color: 'text.secondary',
        textAlign: 'center',
      }}
    >
      <GroupsIcon />
      <Typography variant="caption" sx={{ fontWeight: 600 }}>
        {t('game.map.consumer')}
      </Typography>
    </Box>
  );
}

function FacilityCard({
  facility: f,
  mine,
  across,
  extra,
}: {
  facility: PublicFacility;
  mine: boolean;
  across: boolean;
  extra: ReactNode;
}) {
  const { t } = useTranslation();
  const holder = useHolderLabel();
  return (
    <Paper
      data-testid={`map-facility-${f.id}`}
      variant="outlined"
      sx={{
        // Across, a column stacks its cards and centres a lone one; down, a row shares its width.
        flex: across ? '0 0 auto' : '1 1 0',
        minWidth: across ? `${FLOW_CARD_MIN_WIDTH - 16}px` : 0,
        p: across ? 1.25 : 1,
        display: 'flex',
        flexDirection: across ? 'column' : 'row',
        alignItems: 'center',
        gap: across ? 0.25 : 1.25,
        textAlign: across ? 'center' : 'left',
        borderWidth: mine ? 2 : 1,
        borderColor: mine ? 'primary.main' : 'divider',
        position: 'relative',
      }}
    >
      <Box
        sx={{
          color: mine ? 'primary.main' : 'text.secondary',
          fontSize: across ? 30 : 26,
          display: 'flex',
          flexShrink: 0,
        }}
      >
        {facilityIcon(f.visual)}
      </Box>
      <Box sx={{ minWidth: 0, width: across ? '100%' : 'auto', flex: across ? 'none' : 1 }}>
        <EllipsisText text={f.name} sx={{ fontWeight: 600 }} />
        <Typography
          component="div"
          variant="body2"
          color="text.secondary"
          sx={{
            display: 'flex',
            gap: 0.5,
            alignItems: 'center',
            justifyContent: across ? 'center' : 'flex-start',
            minWidth: 0,
          }}
        >
          {f.computer && f.user === null ? (
            <SmartToyIcon fontSize="inherit" sx={{ flexShrink: 0 }} />
          ) : (
            <PeopleIcon fontSize="inherit" sx={{ flexShrink: 0 }} />
          )}
          <EllipsisText text={holder(f)} testId={`map-holder-${f.id}`} />
        </Typography>
        {across && extra}
      </Box>
      {!across && extra && <Box sx={{ flexShrink: 0, pr: 2.5 }}>{extra}</Box>}
      {f.validatedOrder && (
        <DeferredTooltip title={t('game.map.validated')}>
          <CheckCircleIcon
            color="success"
            fontSize="small"
            aria-label={t('game.map.validated')}
            sx={{ position: 'absolute', top: 4, right: 4 }}
          />
        </DeferredTooltip>
      )}
    </Paper>
  );
}

export function MapView({
  game,
  highlight,
  extra,
}: {
  game: BeerGameDoc;
  /** The viewer's own facility. */
  highlight?: string | null;
  /** Extra lines under each facility (e.g. the instructor's figures). */
  extra?: (f: PublicFacility) => ReactNode;
}) {
  const { t } = useTranslation();
  const [ref, width] = useWidth<HTMLDivElement>();
  const columns = flowColumns(game.facilities);
  const across = width !== null && flowFitsAcross(columns.length, width);
  return (
    <Box component="section" aria-label={t('game.map.title')}>
      <Box
        ref={ref}
        data-testid="beer-map"
        data-layout={across ? 'across' : 'down'}
        sx={{
          display: 'flex',
          flexDirection: across ? 'row' : 'column',
          alignItems: 'stretch',
          p: 1.25,
          borderRadius: 3,
          bgcolor: 'action.hover',
        }}
      >
        <ConsumerNode across={across} />
        {columns.map((column) => (
          <Fragment key={column[0]?.id}>
            <FlowLink across={across} />
            <Box
              sx={{
                display: 'flex',
                flexDirection: across ? 'column' : 'row',
                justifyContent: 'center',
                gap: 1,
                flex: across ? '1 1 0' : 'none',
                minWidth: 0,
              }}
            >
              {column.map((f) => (
                <FacilityCard
                  key={f.id}
                  facility={f}
                  mine={highlight === f.id}
                  across={across}
                  extra={extra?.(f)}
                />
              ))}
            </Box>
          </Fragment>
        ))}
      </Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mt: 0.75, flexWrap: 'wrap', color: 'text.secondary' }}
        data-testid="map-legend"
      >
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {across ? (
            <ArrowForwardIcon fontSize="inherit" sx={{ color: ORDERS_COLOR }} />
          ) : (
            <ArrowDownwardIcon fontSize="inherit" sx={{ color: ORDERS_COLOR }} />
          )}
          {t('game.map.ordersFlow')}
        </Typography>
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {across ? (
            <ArrowBackIcon fontSize="inherit" sx={{ color: GOODS_COLOR }} />
          ) : (
            <ArrowUpwardIcon fontSize="inherit" sx={{ color: GOODS_COLOR }} />
          )}
          {t('game.map.goodsFlow')}
        </Typography>
      </Stack>
    </Box>
  );
}
