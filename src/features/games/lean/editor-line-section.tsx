/**
 * The lean editor's line section: the map's size, the grid with the facilities on it, and each
 * facility in line order with its parameters of design B.3 (LEAN-FAC-3) within the bounds of
 * B.16: add, remove and reorder stations, quality and rework stations.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacilityId, LeanFacilityInput } from '@sim/core/lean/model';
import { LEAN_DEFAULTS } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import {
  ADDABLE_TYPES,
  addFacility,
  capOf,
  facilitiesInLine,
  facilityFields,
  moveInLine,
  removeFacility,
  setFacility,
  setFacilityType,
  type AddableFacility,
} from '@/features/games/lean/editor-draft';
import { LineGrid } from '@/features/games/lean/editor-grid';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { useLeanNames } from '@/features/games/lean/use-lean-names';
import {
  NumberField,
  Section,
  SwitchField,
  useIssueText,
} from '@/features/games/shared/editor-fields';

const B = LEAN_BOUNDS;

type Field = ReturnType<typeof facilityFields>[number];

const FIELD_BOUNDS: Readonly<Record<Field, { min: number; max: number; step: number }>> = {
  batchSize: { min: B.batchSize.min, max: B.batchSize.max, step: 1 },
  changeoverTime: { min: B.time.min, max: B.time.max, step: 0.05 },
  loadTime: { min: B.time.min, max: B.time.max, step: 0.05 },
  inspectTime: { min: B.time.min, max: B.time.max, step: 0.05 },
  removeTime: { min: B.time.min, max: B.time.max, step: 0.05 },
  defectRate: { min: B.defectRate.min, max: B.defectRate.max, step: 0.01 },
  wipInMax: { min: B.cap.min, max: B.cap.max, step: 1 },
  wipOutMax: { min: B.cap.min, max: B.cap.max, step: 1 },
};

function fieldValue(f: LeanFacilityInput, field: Field): number {
  if (field === 'wipInMax' || field === 'wipOutMax') return capOf(f, field);
  return f[field] ?? LEAN_DEFAULTS[field];
}

export function LineSection({ config, change, issueAt, countUnder }: LeanSectionProps) {
  const { t } = useTranslation();
  const names = useLeanNames();
  const issueText = useIssueText();
  const inLine = facilitiesInLine(config);
  const nameOf = (fid: FacilityId) =>
    names.facility(inLine.find(([id]) => id === fid)?.[1].name ?? fid);
  const misplaced = useMemo(
    () =>
      new Set(
        Object.keys(config.facilities).filter((fid) => issueAt(`facilities.${fid}.position`)),
      ),
    [config.facilities, issueAt],
  );
  // Kanban caps matter only when kanban is on or players may turn it on (LEAN-FAC-3).
  const kanban =
    config.params.settings?.kanban === true ||
    (config.params.improvements ?? []).includes('kanban');
  const map = config.params.mapSize ?? LEAN_DEFAULTS.mapSize;
  const setMap = (side: 'rows' | 'cols', v: number) =>
    change((c) => ({
      ...c,
      params: {
        ...c.params,
        mapSize: { ...(c.params.mapSize ?? LEAN_DEFAULTS.mapSize), [side]: v },
      },
    }));
  const stationsCount = (type: AddableFacility) =>
    inLine.filter(([, f]) => f.type === type).length + 1;
  const facilitiesIssue = issueAt('facilities');

  return (
    <Section
      title={t('leanEditor.line.title')}
      defaultExpanded
      errorCount={countUnder('facilities', 'params.mapSize')}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <NumberField
            label={t('leanEditor.line.cols')}
            value={map.cols}
            min={B.mapSide.min}
            max={B.mapSide.max}
            issue={issueAt('params.mapSize.cols')}
            onChange={(v) => setMap('cols', v)}
            testId="lean-map-cols"
          />
          <NumberField
            label={t('leanEditor.line.rows')}
            value={map.rows}
            min={B.mapSide.min}
            max={B.mapSide.max}
            issue={issueAt('params.mapSize.rows')}
            onChange={(v) => setMap('rows', v)}
            testId="lean-map-rows"
          />
        </Stack>
        <LineGrid config={config} change={change} nameOf={nameOf} misplaced={misplaced} />
        {facilitiesIssue && (
          <Alert severity="error" data-testid="lean-facilities-issue">
            {issueText(facilitiesIssue)}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3">
          {t('leanEditor.line.facilities')}
        </Typography>
        {inLine.map(([fid, f], index) => (
          <FacilityCard
            key={fid}
            fid={fid}
            facility={f}
            shownName={names.facility(f.name ?? fid)}
            first={index <= 1}
            last={index === inLine.length - 1}
            kanban={kanban}
            props={{ config, change, issueAt, countUnder }}
          />
        ))}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {ADDABLE_TYPES.map((type) => (
            <Button
              key={type}
              startIcon={<AddIcon />}
              variant="outlined"
              size="small"
              data-testid={`lean-add-${type}`}
              onClick={() =>
                change(
                  (c) =>
                    addFacility(
                      c,
                      type,
                      t(`leanEditor.line.newName.${type}`, { n: stationsCount(type) }),
                    ).config,
                )
              }
            >
              {t(`leanEditor.line.add.${type}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Section>
  );
}

function FacilityCard({
  fid,
  facility: f,
  shownName,
  first,
  last,
  kanban,
  props: { change, issueAt },
}: {
  fid: FacilityId;
  facility: LeanFacilityInput;
  shownName: string;
  /** The warehouse or the first station: it cannot move earlier. */
  first: boolean;
  last: boolean;
  kanban: boolean;
  props: LeanSectionProps;
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const base = `facilities.${fid}`;
  const warehouse = f.type === 'warehouse';
  const placeIssue = issueAt(`${base}.position`) ?? issueAt(`${base}.line`);
  const nameIssue = issueAt(`${base}.name`);
  const fields = facilityFields(f.type).filter(
    (x) => kanban || (x !== 'wipInMax' && x !== 'wipOutMax'),
  );
  const set = (change_: Partial<LeanFacilityInput>) => change((c) => setFacility(c, fid, change_));
  const pos = f.position;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`lean-facility-${fid}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 700, minWidth: 24 }} aria-hidden="true">
          {f.line ?? '?'}
        </Typography>
        <TextField
          size="small"
          label={t('leanEditor.line.name')}
          value={shownName}
          onChange={(e) => set({ name: e.target.value })}
          error={nameIssue !== undefined}
          helperText={nameIssue ? issueText(nameIssue) : undefined}
          slotProps={{ htmlInput: { 'data-testid': `lean-${fid}-name` } }}
          sx={{ width: 200, maxWidth: '100%' }}
        />
        {warehouse ? (
          <Typography color="text.secondary">{t('leanEditor.types.warehouse')}</Typography>
        ) : (
          <TextField
            select
            size="small"
            label={t('leanEditor.line.type')}
            value={f.type}
            onChange={(e) =>
              change((c) => setFacilityType(c, fid, e.target.value as AddableFacility))
            }
            sx={{ width: 200, maxWidth: '100%' }}
          >
            {ADDABLE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`leanEditor.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!warehouse && (
          <Box sx={{ display: 'flex', ml: { sm: 'auto' } }}>
            <IconButton
              aria-label={t('leanEditor.line.earlier', { name: shownName })}
              disabled={first}
              onClick={() => change((c) => moveInLine(c, fid, -1))}
            >
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton
              aria-label={t('leanEditor.line.later', { name: shownName })}
              disabled={last}
              onClick={() => change((c) => moveInLine(c, fid, 1))}
            >
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton
              aria-label={t('leanEditor.line.remove', { name: shownName })}
              onClick={() => change((c) => removeFacility(c, fid))}
              data-testid={`lean-remove-${fid}`}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        )}
      </Stack>
      <Typography
        variant="body2"
        color={placeIssue ? 'error' : 'text.secondary'}
        sx={{ mt: 1 }}
        data-testid={`lean-${fid}-place`}
      >
        {Array.isArray(pos) && pos.length === 2
          ? t('leanEditor.line.place', { col: Number(pos[0]) + 1, row: Number(pos[1]) + 1 })
          : t('leanEditor.line.noPlace')}
        {placeIssue ? ` — ${issueText(placeIssue)}` : ''}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}
      >
        {fields.map((field) => (
          <NumberField
            key={field}
            label={t(`leanEditor.fields.${field}`)}
            value={fieldValue(f, field)}
            min={FIELD_BOUNDS[field].min}
            max={FIELD_BOUNDS[field].max}
            step={FIELD_BOUNDS[field].step}
            issue={issueAt(`${base}.${field}`)}
            onChange={(v) => set({ [field]: v })}
            testId={`lean-${fid}-${field}`}
          />
        ))}
        {f.type === 'quality' && (
          <SwitchField
            label={t('leanEditor.fields.rework')}
            checked={f.rework === true}
            onChange={(v) => set({ rework: v })}
            testId={`lean-${fid}-rework`}
          />
        )}
      </Stack>
    </Paper>
  );
}
