/**
 * The floor drawn on its grid (design B.2): every cell, the facilities on theirs with their type,
 * name and, where the viewer sees them, the units in the queue, on the desk and in the output;
 * arrows along the line (warehouse → stations → warehouse) and, for those who see all, the
 * batches moving between cells. The grid keeps its proportions and shrinks to the screen's width.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '@/components/ellipsis-text';
import { LeanFacilityIcon } from '@/features/games/lean/facility-icon';
import {
  floorCells,
  lineArrows,
  type FloorStation,
  type MovingBatch,
} from '@/features/games/lean/floor-model';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';

/** How far from a cell's centre an arrow starts and ends (in cells). */
const ARROW_INSET = 0.36;

function shorten(a: [number, number], b: [number, number]) {
  const ax = a[0] + 0.5;
  const ay = a[1] + 0.5;
  const bx = b[0] + 0.5;
  const by = b[1] + 0.5;
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / len;
  const uy = (by - ay) / len;
  return {
    x1: ax + ux * ARROW_INSET,
    y1: ay + uy * ARROW_INSET,
    x2: bx - ux * ARROW_INSET,
    y2: by - uy * ARROW_INSET,
  };
}

function StationCell({ station }: { station: FloorStation }) {
  const { t } = useTranslation();
  const { role, counts, busy, own } = station;
  const tt = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  const typeName = tt(`leanEditor.types.${role.type}`, { defaultValue: role.type });
  const label = counts
    ? t('leanPlay.floor.cellCounts', {
        name: role.name,
        type: typeName,
        in: counts.in,
        desk: counts.desk,
        out: counts.out,
      })
    : t('leanPlay.floor.cell', { name: role.name, type: typeName });
  return (
    <Box
      role="listitem"
      aria-label={label}
      data-testid={`floor-cell-${role.id}`}
      sx={{
        position: 'absolute',
        inset: { xs: 1, sm: 3 },
        borderRadius: 1,
        border: own ? 2 : 1,
        borderColor: own ? 'primary.main' : busy ? 'success.main' : 'grey.500',
        bgcolor: own ? 'action.selected' : 'background.paper',
        boxShadow: own ? 2 : 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        px: 0.25,
        zIndex: 1,
      }}
    >
      <LeanFacilityIcon
        type={role.type}
        aria-hidden
        sx={{ fontSize: { xs: 16, sm: 22 }, color: own ? 'primary.main' : 'text.secondary' }}
      />
      <EllipsisText
        text={role.name}
        sx={{
          fontSize: { xs: '0.6rem', sm: '0.75rem' },
          fontWeight: 600,
          lineHeight: 1.2,
          maxWidth: '100%',
          textAlign: 'center',
        }}
      />
      {counts && (
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: '0.6rem', sm: '0.7rem' },
            lineHeight: 1.2,
            color: 'text.secondary',
            whiteSpace: 'nowrap',
          }}
        >
          {/* A phone's cell holds one number: the units at the station. */}
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {counts.in + counts.desk + counts.out}
          </Box>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {role.type === 'warehouse'
              ? `${counts.out} · ${counts.in}`
              : `${counts.in} · ${counts.desk} · ${counts.out}`}
          </Box>
        </Typography>
      )}
    </Box>
  );
}

const NOTHING_MOVING: readonly MovingBatch[] = [];

/** Drawn again only when its documents change (the pages' clock ticks every second). */
export const FloorGrid = memo(function FloorGrid({
  game,
  stations,
  moving = NOTHING_MOVING,
  testId = 'lean-floor',
}: {
  game: LeanScreenGame;
  stations: readonly FloorStation[];
  moving?: readonly MovingBatch[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const markerId = useId().replace(/:/g, '');
  const { rows, cols } = game.lean.mapSize;
  const cells = floorCells(game, stations);
  const arrows = lineArrows(game);
  return (
    <Box data-testid={testId}>
      <Box
        role="list"
        aria-label={t('leanPlay.floor.label')}
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: cols * 88,
          aspectRatio: `${cols} / ${rows}`,
          mx: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.50',
          backgroundImage: `linear-gradient(${theme.palette.divider} 1px, transparent 1px), linear-gradient(90deg, ${theme.palette.divider} 1px, transparent 1px)`,
          backgroundSize: `${100 / cols}% ${100 / rows}%`,
        }}
      >
        {cells.flat().map((c) =>
          c.station ? (
            <Box
              key={`${c.col}-${c.row}`}
              sx={{
                position: 'absolute',
                left: `${(100 * c.col) / cols}%`,
                top: `${(100 * c.row) / rows}%`,
                width: `${100 / cols}%`,
                height: `${100 / rows}%`,
              }}
            >
              <StationCell station={c.station} />
            </Box>
          ) : null,
        )}
        <svg
          viewBox={`0 0 ${cols} ${rows}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            zIndex: 2,
            pointerEvents: 'none',
          }}
        >
          <defs>
            <marker
              id={markerId}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="5"
              markerHeight="5"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill={theme.palette.primary.main} />
            </marker>
          </defs>
          {arrows.map((a) => {
            const l = shorten(a.a, a.b);
            return (
              <line
                key={`${a.from}-${a.to}`}
                {...l}
                stroke={theme.palette.primary.main}
                strokeOpacity={0.7}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                markerEnd={`url(#${markerId})`}
              />
            );
          })}
        </svg>
        {moving.map((m) => (
          <Box
            key={m.key}
            data-testid="floor-moving"
            aria-hidden
            sx={{
              position: 'absolute',
              left: `${(100 * m.x) / cols}%`,
              top: `${(100 * m.y) / rows}%`,
              transform: 'translate(-50%, -50%)',
              transition: 'left 1s linear, top 1s linear',
              zIndex: 3,
              minWidth: 20,
              height: 20,
              px: 0.5,
              borderRadius: 10,
              bgcolor: 'warning.main',
              color: 'warning.contrastText',
              fontSize: '0.7rem',
              fontWeight: 700,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {m.units}
          </Box>
        ))}
      </Box>
      {stations.some((s) => s.counts !== null) && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {t('leanPlay.floor.legendTotal')}
          </Box>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('leanPlay.floor.legend')}
          </Box>
        </Typography>
      )}
    </Box>
  );
});
