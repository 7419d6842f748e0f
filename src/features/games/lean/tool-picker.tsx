/**
 * The painting tool (LEAN-DESK-5): a shape and a colour, chosen apart (5 × 5 tools). A dot
 * painted with another tool than its own is a defect, unless poka-yoke refuses it. Two groups of
 * toggle buttons, each reachable with the keyboard and named for a screen reader.
 */
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COLORS, SHAPES, type Color, type OpType, type Shape } from '@sim/core/lean/model';
import { splitOpType } from '@/features/games/lean/lean-game-model';
import { DotShape, useDotName } from '@/features/games/lean/product-dots';

export function ToolPicker({ tool, onChange }: { tool: OpType; onChange: (tool: OpType) => void }) {
  const { t } = useTranslation();
  const tt = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  const dotName = useDotName();
  const current = splitOpType(tool) ?? { shape: 'circle' as Shape, color: 'green' as Color };
  const icon = (shape: Shape, color: Color) => (
    <svg width={22} height={22} viewBox="-1 -1 22 22" aria-hidden="true">
      <DotShape shape={shape} color={color} />
    </svg>
  );
  return (
    <Box data-testid="lean-tool-picker">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('leanPlay.tool.title', { tool: dotName(current) })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={current.shape}
          onChange={(_, shape: Shape | null) => shape && onChange(`${shape}:${current.color}`)}
          aria-label={t('leanPlay.tool.shape')}
        >
          {SHAPES.map((shape) => (
            <ToggleButton
              key={shape}
              value={shape}
              aria-label={tt(`leanEditor.shapes.${shape}`, { defaultValue: shape })}
              data-testid={`tool-shape-${shape}`}
              sx={{ px: 1, minWidth: 40, minHeight: 40 }}
            >
              {icon(shape, current.color)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={current.color}
          onChange={(_, color: Color | null) => color && onChange(`${current.shape}:${color}`)}
          aria-label={t('leanPlay.tool.color')}
        >
          {COLORS.map((color) => (
            <ToggleButton
              key={color}
              value={color}
              aria-label={tt(`leanEditor.colors.${color}`, { defaultValue: color })}
              data-testid={`tool-color-${color}`}
              sx={{ px: 1, minWidth: 40, minHeight: 40 }}
            >
              {icon(current.shape, color)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
    </Box>
  );
}
