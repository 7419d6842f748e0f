/**
 * The lean editor's grid (LEAN-GRID-1): the map's cells and the facilities on them, each with its
 * place in the line. A facility moves to a free cell by dragging it there, by choosing it and
 * then the cell (touch), or with the arrow keys on the focused facility (to the next free cell
 * that way); every move is announced.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacilityId, LeanGameInput } from '@sim/core/lean/model';
import { LEAN_DEFAULTS } from '@sim/core/lean/model';
import {
  facilityAt,
  facilityOf,
  moveFacility,
  stepTarget,
  type Cell,
} from '@/features/games/lean/editor-draft';
import { ScrollRegion } from '@/components/scroll-region';

const STEPS: Readonly<Record<string, [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const DRAG_TYPE = 'text/plain';

/** Read out, not shown (sizes as strings: a number 1 in `sx` means 100 %). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface LineGridProps {
  readonly config: LeanGameInput;
  readonly change: (edit: (config: LeanGameInput) => LeanGameInput) => void;
  /** A facility's name as shown. */
  readonly nameOf: (fid: FacilityId) => string;
  /** Facilities whose place has an issue (outside the map, a shared cell). */
  readonly misplaced: ReadonlySet<FacilityId>;
}

export function LineGrid({ config, change, nameOf, misplaced }: LineGridProps) {
  const { t } = useTranslation();
  const { rows, cols } = config.params.mapSize ?? LEAN_DEFAULTS.mapSize;
  const [selected, setSelected] = useState<FacilityId | null>(null);
  const [announce, setAnnounce] = useState('');
  const focusAfterMove = useRef<FacilityId | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  // A moved facility is drawn in another cell: give the focus back to it there.
  useEffect(() => {
    const fid = focusAfterMove.current;
    if (fid === null) return;
    focusAfterMove.current = null;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-fid="${CSS.escape(fid)}"]`);
    el?.focus();
  }, [config]);

  const typeName = (fid: FacilityId) => {
    const type = facilityOf(config, fid)?.type ?? 'station';
    return t(`leanEditor.types.${type}` as 'leanEditor.types.station', { defaultValue: type });
  };

  const move = (fid: FacilityId, cell: Cell, keepFocus: boolean) => {
    if (facilityAt(config, cell) !== null) return;
    if (keepFocus) focusAfterMove.current = fid;
    change((c) => moveFacility(c, fid, cell));
    setSelected(null);
    setAnnounce(
      t('leanEditor.grid.moved', { name: nameOf(fid), col: cell[0] + 1, row: cell[1] + 1 }),
    );
  };

  const onKey = (fid: FacilityId, e: KeyboardEvent) => {
    const step = STEPS[e.key];
    if (step) {
      e.preventDefault();
      const target = stepTarget(config, fid, step[0], step[1]);
      if (target) move(fid, target, true);
      else setAnnounce(t('leanEditor.grid.noFreeCell', { name: nameOf(fid) }));
    } else if (e.key === 'Escape') {
      setSelected(null);
    }
  };

  const onDrop = (cell: Cell) => (e: DragEvent) => {
    e.preventDefault();
    const fid = e.dataTransfer.getData(DRAG_TYPE);
    if (fid && facilityOf(config, fid)) move(fid, cell, false);
  };

  const lineNumber = (fid: FacilityId) => facilityOf(config, fid)?.line ?? 0;
  const size = `minmax(36px, 1fr)`;

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="lean-grid-help">
        {selected === null
          ? t('leanEditor.grid.help')
          : t('leanEditor.grid.placing', { name: nameOf(selected) })}
      </Typography>
      <ScrollRegion label={t('leanEditor.grid.label')}>
        <Box
          ref={gridRef}
          data-testid="lean-grid"
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${cols}, ${size})`,
            gap: '2px',
            maxWidth: cols * 76,
            minWidth: cols * 38,
            p: '2px',
            bgcolor: 'divider',
            borderRadius: 1,
          }}
        >
          {Array.from({ length: rows * cols }, (_, k) => {
            const cell: Cell = [k % cols, Math.floor(k / cols)];
            const fid = facilityAt(config, cell);
            const key = `${cell[0]}-${cell[1]}`;
            if (fid === null) {
              return (
                <Box
                  key={key}
                  data-testid={`lean-cell-${key}`}
                  onClick={() => selected !== null && move(selected, cell, false)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={onDrop(cell)}
                  sx={{
                    aspectRatio: '1',
                    bgcolor: 'background.paper',
                    cursor: selected !== null ? 'pointer' : 'default',
                    outline: selected !== null ? '1px dashed' : 'none',
                    outlineColor: 'primary.main',
                    outlineOffset: '-4px',
                  }}
                />
              );
            }
            const isSelected = selected === fid;
            const wrong = misplaced.has(fid);
            return (
              <Box key={key} sx={{ aspectRatio: '1', bgcolor: 'background.paper', minWidth: 0 }}>
                <Box
                  component="button"
                  type="button"
                  draggable
                  data-fid={fid}
                  data-testid={`lean-chip-${fid}`}
                  aria-pressed={isSelected}
                  aria-describedby="lean-grid-help"
                  title={nameOf(fid)}
                  onClick={() => setSelected(isSelected ? null : fid)}
                  onKeyDown={(e: KeyboardEvent) => onKey(fid, e)}
                  onDragStart={(e: DragEvent) => {
                    e.dataTransfer.setData(DRAG_TYPE, fid);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  sx={{
                    width: '100%',
                    height: '100%',
                    p: 0.25,
                    m: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    gap: 0.25,
                    border: 2,
                    borderColor: wrong
                      ? 'error.main'
                      : isSelected
                        ? 'primary.dark'
                        : 'primary.main',
                    borderRadius: 1,
                    bgcolor: isSelected ? 'primary.main' : 'background.paper',
                    color: isSelected ? 'primary.contrastText' : 'text.primary',
                    cursor: 'grab',
                    font: 'inherit',
                    fontSize: '0.68rem',
                    lineHeight: 1.1,
                    overflow: 'hidden',
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main' },
                  }}
                >
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    {lineNumber(fid)}
                  </Box>
                  <Box
                    component="span"
                    sx={{
                      maxWidth: '100%',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {nameOf(fid)}
                  </Box>
                  {/* The name shows; what and where it is is read out (the visible text stays the
                      start of the button's name). */}
                  <Box component="span" sx={visuallyHidden}>
                    {`, ${t('leanEditor.grid.where', {
                      type: typeName(fid),
                      col: cell[0] + 1,
                      row: cell[1] + 1,
                    })}`}
                  </Box>
                </Box>
              </Box>
            );
          })}
        </Box>
      </ScrollRegion>
      <Box
        aria-live="polite"
        data-testid="lean-grid-announce"
        sx={{ minHeight: '1.5em', mt: 0.5, typography: 'body2', color: 'text.secondary' }}
      >
        {announce}
      </Box>
    </Box>
  );
}
