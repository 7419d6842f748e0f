/**
 * A lean product drawn as its dots (design B.4): each operation a small shape (circle, square,
 * triangle, horizontal or vertical bar) in its colour, in the product's order. The drawing is one
 * image with a text alternative naming every dot.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { isColor, isShape, type Color, type Shape } from '@sim/core/lean/model';

/** Colours readable on white, with a darker outline for the light ones. */
export const DOT_COLORS: Readonly<Record<Color, { fill: string; stroke: string }>> = {
  green: { fill: '#2e7d32', stroke: '#1b5e20' },
  red: { fill: '#c62828', stroke: '#8e0000' },
  blue: { fill: '#1565c0', stroke: '#0d47a1' },
  yellow: { fill: '#fbc02d', stroke: '#8d6e00' },
  grey: { fill: '#9e9e9e', stroke: '#424242' },
};

export interface DotSpec {
  readonly shape: string;
  readonly color: string;
}

/** One dot as SVG elements in a 20 × 20 box (unknown shapes and colours as a hollow circle). */
export function DotShape({ shape, color }: DotSpec) {
  const c = isColor(color) ? DOT_COLORS[color] : { fill: 'none', stroke: '#616161' };
  const common = { fill: c.fill, stroke: c.stroke, strokeWidth: 1.5 };
  const s: Shape | null = isShape(shape) ? shape : null;
  switch (s) {
    case 'square':
      return <rect x={3} y={3} width={14} height={14} {...common} />;
    case 'triangle':
      return <polygon points="10,2 18,17 2,17" {...common} />;
    case 'hbar':
      return <rect x={1} y={7} width={18} height={6} rx={1} {...common} />;
    case 'vbar':
      return <rect x={7} y={1} width={6} height={18} rx={1} {...common} />;
    case 'circle':
      return <circle cx={10} cy={10} r={7.5} {...common} />;
    default:
      return <circle cx={10} cy={10} r={7.5} fill="none" stroke={c.stroke} strokeWidth={1.5} />;
  }
}

/** The name of a dot in the language on screen ("blue circle"). */
export function useDotName(): (dot: DotSpec) => string {
  const { t } = useTranslation();
  const tt = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  return ({ shape, color }) =>
    tt('leanEditor.dot', {
      shape: tt(`leanEditor.shapes.${shape}`, { defaultValue: shape }),
      color: tt(`leanEditor.colors.${color}`, { defaultValue: color }),
    });
}

/** A single dot as an image with its name. */
export function OpDot({ shape, color, size = 20 }: DotSpec & { size?: number }) {
  const dotName = useDotName();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      role="img"
      aria-label={dotName({ shape, color })}
      style={{ flex: 'none', display: 'block' }}
    >
      <DotShape shape={shape} color={color} />
    </svg>
  );
}

/** A product's dots in a row that wraps, as one image named by `label` and its dots. */
export function ProductDots({
  ops,
  label,
  size = 18,
  testId,
}: {
  ops: readonly DotSpec[];
  label: string;
  size?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const dotName = useDotName();
  const names = ops.map(dotName).join(', ');
  return (
    <Box
      role="img"
      aria-label={t('leanEditor.productDots', { name: label, dots: names })}
      data-testid={testId}
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
    >
      {ops.map((op, i) => (
        <svg
          key={i}
          width={size}
          height={size}
          viewBox="0 0 20 20"
          aria-hidden="true"
          style={{ flex: 'none', display: 'block' }}
        >
          <DotShape shape={op.shape} color={op.color} />
        </svg>
      ))}
    </Box>
  );
}
