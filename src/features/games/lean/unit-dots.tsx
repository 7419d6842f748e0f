/**
 * A unit in process drawn as its product's dots (design B.4, B.6): a dot still to paint is pale,
 * a painted dot shows the tool that painted it (so a wrong tool shows), a defect that was found
 * is crossed out, and, for those who see all, a hidden defect is ringed. On the player's desk the
 * dots the station may paint or clean are buttons; every dot has a name a screen reader says.
 */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LeanTemplate } from '@sim/core/lean/model';
import type { LeanUnitOpView, LeanUnitView } from '@sim/core/lean/view';
import { splitOpType } from '@/features/games/lean/lean-game-model';
import { DotShape, useDotName, type DotSpec } from '@/features/games/lean/product-dots';

type DotState = 'todo' | 'done' | 'defectFound' | 'defectHidden';

function dotState(op: LeanUnitOpView | undefined): DotState {
  if (!op || op.state === 'todo') return 'todo';
  if (op.detected) return 'defectFound';
  return op.defect === true ? 'defectHidden' : 'done';
}

/** The dot as drawn: the op's own for a dot to paint, the tool used for a painted one. */
function drawn(own: DotSpec, op: LeanUnitOpView | undefined): DotSpec {
  if (!op || op.state === 'todo' || op.tool === null) return own;
  return splitOpType(op.tool) ?? own;
}

function DotSvg({ spec, state, size }: { spec: DotSpec; state: DotState; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="-2 -2 24 24"
      aria-hidden="true"
      style={{ flex: 'none', display: 'block' }}
    >
      <g opacity={state === 'todo' ? 0.3 : 1}>
        <DotShape shape={spec.shape} color={spec.color} />
      </g>
      {state === 'todo' && (
        <rect
          x={-1}
          y={-1}
          width={22}
          height={22}
          rx={3}
          fill="none"
          stroke="#616161"
          strokeDasharray="2 2"
        />
      )}
      {state === 'defectFound' && (
        <path d="M1 1 L19 19 M19 1 L1 19" stroke="#b71c1c" strokeWidth={3} strokeLinecap="round" />
      )}
      {state === 'defectHidden' && (
        <circle cx={10} cy={10} r={11} fill="none" stroke="#e65100" strokeWidth={2} />
      )}
    </svg>
  );
}

export interface UnitDotActions {
  /** Op indexes the station may paint now. */
  paint: readonly number[];
  /** Op indexes whose found defect the station may remove now. */
  remove: readonly number[];
  onPaint: (op: number) => void;
  onRemove: (op: number) => void;
  disabled?: boolean;
}

/** "Car #12": the unit's name. */
export function useUnitName(): (template: LeanTemplate | null, unit: LeanUnitView) => string {
  const { t } = useTranslation();
  return (template, unit) =>
    // Ranks count from 0 (LEAN-UNIT-1); people count from 1.
    t('leanPlay.unit.name', {
      product: template?.name ?? unit.template,
      rank: String(unit.rank + 1),
    });
}

export function UnitDots({
  unit,
  template,
  size = 20,
  actions,
  testId,
}: {
  unit: LeanUnitView;
  template: LeanTemplate | null;
  size?: number;
  /** On the player's desk: the dots that are buttons. */
  actions?: UnitDotActions;
  testId?: string;
}) {
  const { t } = useTranslation();
  const dotName = useDotName();
  const unitName = useUnitName()(template, unit);
  const ops = template?.ops ?? [];
  const describe = (i: number): string => {
    const own = ops[i] as DotSpec;
    const op = unit.ops[i];
    const name = dotName(own);
    switch (dotState(op)) {
      case 'todo':
        return t('leanPlay.unit.todo', { dot: name });
      case 'defectFound':
        return t('leanPlay.unit.defectFound', { dot: name });
      case 'defectHidden':
        return t('leanPlay.unit.defectHidden', { dot: name });
      case 'done': {
        const tool = drawn(own, op);
        return tool.shape === own.shape && tool.color === own.color
          ? t('leanPlay.unit.done', { dot: name })
          : t('leanPlay.unit.doneWith', { dot: name, tool: dotName(tool) });
      }
    }
  };
  const dots = ops.map((own, i) => {
    const op = unit.ops[i];
    const state = dotState(op);
    const svg = <DotSvg spec={drawn(own, op)} state={state} size={size} />;
    const paint = actions?.paint.includes(i) ?? false;
    const remove = actions?.remove.includes(i) ?? false;
    if (actions && (paint || remove)) {
      const label = remove
        ? t('leanPlay.desk.removeDot', { dot: dotName(own), unit: unitName })
        : t('leanPlay.desk.paintDot', { dot: dotName(own), unit: unitName });
      return (
        <ButtonBase
          key={i}
          aria-label={label}
          title={label}
          disabled={actions.disabled}
          onClick={() => (remove ? actions.onRemove(i) : actions.onPaint(i))}
          data-testid={`${testId ?? `unit-${unit.rank}`}-${remove ? 'remove' : 'paint'}-${i}`}
          data-op={`${own.shape}:${own.color}`}
          sx={(theme) => ({
            p: 0.5,
            minWidth: 36,
            minHeight: 36,
            justifyContent: 'center',
            borderRadius: 1,
            border: `2px solid ${remove ? theme.palette.error.main : theme.palette.primary.main}`,
            bgcolor: 'background.paper',
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': {
              outline: `3px solid ${theme.palette.primary.dark}`,
              outlineOffset: 1,
            },
            '&.Mui-disabled': { opacity: 0.5 },
          })}
        >
          {svg}
        </ButtonBase>
      );
    }
    return (
      <Box
        key={i}
        role="img"
        aria-label={describe(i)}
        sx={{ display: 'flex', p: actions ? 0.5 : 0 }}
      >
        {svg}
      </Box>
    );
  });
  return (
    <Box
      role="group"
      aria-label={unitName}
      data-testid={testId ?? `unit-${unit.rank}`}
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
    >
      {dots}
    </Box>
  );
}

/** A unit as a small labelled chip: its name and its dots (queues, output, the floor). */
export function UnitChip({
  unit,
  template,
}: {
  unit: LeanUnitView;
  template: LeanTemplate | null;
}) {
  const unitName = useUnitName()(template, unit);
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 0.75,
        py: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        maxWidth: '100%',
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} aria-hidden>
        {unitName}
      </Typography>
      <UnitDots unit={unit} template={template} size={14} />
    </Box>
  );
}
