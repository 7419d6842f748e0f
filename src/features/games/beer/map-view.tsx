/** The map of a beer game: facilities on the grid of `mapSize`, an icon per visual. */
import BuildIcon from '@mui/icons-material/Build';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DomainIcon from '@mui/icons-material/Domain';
import FactoryIcon from '@mui/icons-material/Factory';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import PeopleIcon from '@mui/icons-material/People';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BeerGameDoc, PublicFacility } from '@/features/games/beer/game-model';

const VISUAL_ICON: Record<string, ReactNode> = {
  retailer: <ShoppingCartIcon />,
  wholesaler: <DomainIcon />,
  distributor: <CallSplitIcon />,
  factory: <FactoryIcon />,
  workshop: <BuildIcon />,
};

export function facilityIcon(visual: string): ReactNode {
  return VISUAL_ICON[visual] ?? <BuildIcon />;
}

/** Who holds a facility, as shown to everyone. */
export function useHolderLabel(): (f: PublicFacility) => string {
  const { t } = useTranslation();
  return (f) =>
    f.user !== null
      ? f.playerName || t('game.map.anonymous')
      : f.computer
        ? t('game.map.computer')
        : t('game.map.free');
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
  const holder = useHolderLabel();
  const { cols, rows } = game.params.mapSize;
  const consumerFacing = game.facilities.filter((f) => f.clients.length === 0);
  return (
    <Box>
      <Box
        data-testid="beer-map"
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${rows}, auto)`,
          gap: 1.5,
          p: 1.5,
          borderRadius: 3,
          bgcolor: 'action.hover',
        }}
      >
        {game.facilities.map((f) => {
          const mine = highlight === f.id;
          return (
            <Paper
              key={f.id}
              data-testid={`map-facility-${f.id}`}
              variant="outlined"
              sx={{
                gridColumn: f.position[0] + 1,
                gridRow: f.position[1] + 1,
                p: 1.5,
                textAlign: 'center',
                borderWidth: mine ? 2 : 1,
                borderColor: mine ? 'primary.main' : 'divider',
                position: 'relative',
              }}
            >
              <Box sx={{ color: mine ? 'primary.main' : 'text.secondary', fontSize: 32 }}>
                {facilityIcon(f.visual)}
              </Box>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {f.name}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                noWrap
                sx={{ display: 'flex', gap: 0.5, justifyContent: 'center', alignItems: 'center' }}
              >
                {f.computer && f.user === null ? (
                  <SmartToyIcon fontSize="inherit" />
                ) : (
                  <PeopleIcon fontSize="inherit" />
                )}
                {holder(f)}
              </Typography>
              {f.validatedOrder && (
                <Tooltip title={t('game.map.validated')}>
                  <CheckCircleIcon
                    color="success"
                    fontSize="small"
                    aria-label={t('game.map.validated')}
                    sx={{ position: 'absolute', top: 6, right: 6 }}
                  />
                </Tooltip>
              )}
              {extra?.(f)}
            </Paper>
          );
        })}
      </Box>
      {consumerFacing.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('game.map.consumers', { names: consumerFacing.map((f) => f.name).join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
