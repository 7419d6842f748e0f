/**
 * The beer game editor: an instructor creates a game of 2 to 8 facilities from the default
 * templates and edits every parameter of spec §3 within the bounds of spec §5, in the shared
 * editor frame (name, issues, save) with the shared debrief section.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BEER_BOUNDS, BEER_DEFAULTS, type ValidationIssue } from '@sim/core/beer/model';
import type { ThresholdMessage } from '@sim/core/beer/game-docs';
import { configFromDocs } from '@sim/core/beer/game-docs';
import { createGameDocs, updateGameDocs } from '@/features/games/beer/beer-api';
import {
  addProduct,
  type DemandKind,
  demandDraftOf,
  demandPattern,
  docsForNew,
  type EditorDraft,
  editPlan,
  productDemand,
  productIds,
  removeProduct,
  setProductDemand,
  templateDraft,
  validateDraft,
} from '@/features/games/beer/editor-draft';
import { BEER_DEBRIEF_SECTIONS } from '@/features/games/beer/game-model';
import { DebriefConfigSection } from '@/features/games/shared/debrief-config-section';
import { keepDraft, loadEditableGame, readKeptDraft } from '@/features/games/shared/editable-game';
import {
  localId,
  NumberField,
  Section,
  SwitchField,
  useIssueText,
} from '@/features/games/shared/editor-fields';
import { EditorFrame } from '@/features/games/shared/editor-frame';
import { newGameId, teamIdOf } from '@/features/games/shared/game-api';
import { PageLoader } from '@/components/page-loader';
import { SimplePage } from '@/components/simple-page';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';
import { ownEntry } from '@/lib/own';

const Q = BEER_BOUNDS.quantity;
const C = BEER_BOUNDS.cost;

export interface EditorPageProps {
  /** Absent: a new game. */
  readonly gameId?: string;
  readonly uid: string;
  readonly creatorName: string;
}

const KEPT_DRAFT = 'simgames.beerEditorDraft';

function keptDraftOf(value: unknown): EditorDraft | null {
  const d = (typeof value === 'object' && value !== null ? value : {}) as Partial<EditorDraft>;
  return typeof d.name === 'string' && d.config && typeof d.config === 'object'
    ? { name: d.name, paused: d.paused === true, config: d.config }
    : null;
}

export function EditorPage({ gameId, uid, creatorName }: EditorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleName = (type: string) =>
    t(`game.roles.${type}` as 'game.roles.retailer', { defaultValue: type });
  const [draft, setDraft] = useState<EditorDraft | null>(() =>
    gameId ? null : (readKeptDraft(KEPT_DRAFT, keptDraftOf) ?? templateDraft(4, roleName)),
  );
  const [stored, setStored] = useState<Record<string, unknown> | null>(null);
  const [loadError, setLoadError] = useState<'unknown' | 'notCreator' | null>(null);
  const [started, setStarted] = useState(false);
  const [saving, setSaving] = useState(false);
  // The id of a new game whose first save failed halfway: saving again completes that game.
  const [pendingId] = useState(() => (gameId ? null : newGameId()));
  const [showIssues, setShowIssues] = useState(false);
  const issueText = useIssueText();

  useEffect(() => {
    if (!gameId) return;
    let live = true;
    void (async () => {
      try {
        const found = await loadEditableGame(gameId, uid);
        if (!live) return;
        if (found.kind !== 'ok') {
          setLoadError(found.kind);
          return;
        }
        const data = found.data;
        setStored(data);
        setStarted(Number(data['week'] ?? 1) > 1 || data['finished'] === true);
        setDraft({
          name: typeof data['name'] === 'string' ? data['name'] : '',
          paused: data['paused'] === true,
          config: configFromDocs(data, found.privateParams),
        });
      } catch (err) {
        showError(err);
        if (live) setLoadError('unknown');
      }
    })();
    return () => {
      live = false;
    };
  }, [gameId, uid]);

  const issues = useMemo(() => (draft ? validateDraft(draft) : []), [draft]);
  // A new game's draft survives a reload of the page until it is saved.
  useEffect(() => {
    if (!gameId && draft) keepDraft(KEPT_DRAFT, draft);
  }, [gameId, draft]);

  if (loadError) {
    return (
      <SimplePage
        title={t('game.editor.title')}
        description={t(loadError === 'unknown' ? 'game.messGameUnknown' : 'game.editor.notCreator')}
      />
    );
  }
  if (!draft) return <PageLoader />;

  const issueAt = (path: string): ValidationIssue | undefined =>
    showIssues || path !== 'name' ? issues.find((i) => i.path === path) : undefined;
  const countUnder = (prefix: string) => issues.filter((i) => i.path.startsWith(prefix)).length;
  const config = draft.config;
  const params = config.params;
  const pids = productIds(config);
  const facilities = Object.values(config.facilities);

  const update = (fn: (d: EditorDraft) => void) =>
    setDraft((prev) => {
      if (!prev) return prev;
      const next = structuredClone(prev);
      fn(next);
      return next;
    });

  const save = async () => {
    setShowIssues(true);
    if (issues.length > 0) return;
    setSaving(true);
    try {
      const gid = gameId ?? pendingId ?? newGameId();
      const meta = { gid, creator: uid, creatorName, now: Date.now() };
      if (gameId && stored) {
        const plan = editPlan(
          draft,
          { facilities: (stored['facilities'] ?? {}) as Record<string, Record<string, unknown>> },
          meta,
        );
        await updateGameDocs(gid, plan);
      } else {
        // Shared with the instructor's team from the start (spec §6).
        const docs = docsForNew(draft, { ...meta, team: await teamIdOf(uid) });
        await createGameDocs(gid, { ...docs, game: { ...docs.game, paused: draft.paused } });
      }
      if (!gameId) keepDraft(KEPT_DRAFT, null);
      showToast(t('game.editor.saved'), { durationMs: 1500 });
      navigate(`/game/${gid}/play`);
    } catch (err) {
      showError(err);
      setSaving(false);
    }
  };

  const facilityName = (fid: string) => ownEntry(config.facilities, fid)?.name ?? fid;
  const productLabel = (pid: string) => {
    const p = ownEntry(params.productsTemplates, pid);
    return `${p?.productEmoji ?? ''} ${p?.name ?? pid}`.trim();
  };

  const thresholdMessage = (key: 'backlogMessage' | 'stockMessage', m: ThresholdMessage) => (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <SwitchField
          label={t(`game.editor.messages.${key}`)}
          checked={m.active}
          onChange={(v) => update((d) => void (d.config.params.configMessages[key].active = v))}
        />
        <NumberField
          label={t('game.editor.messages.threshold')}
          value={m.threshold}
          min={0}
          max={999}
          issue={issueAt(`messages.${key}.threshold`)}
          onChange={(v) => update((d) => void (d.config.params.configMessages[key].threshold = v))}
        />
      </Stack>
      <TextField
        size="small"
        label={t('game.editor.messages.text')}
        value={m.message}
        error={issueAt(`messages.${key}.message`) !== undefined}
        helperText={
          issueAt(`messages.${key}.message`)
            ? issueText(issueAt(`messages.${key}.message`) as ValidationIssue)
            : undefined
        }
        onChange={(e) =>
          update((d) => void (d.config.params.configMessages[key].message = e.target.value))
        }
        multiline
      />
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          {t('game.editor.messages.sentTo')}
        </Typography>
        {m.sentTo.length === 0 && (
          <Typography variant="body2">{t('game.editor.messages.sentToNone')}</Typography>
        )}
        {m.sentTo.map((fid) => (
          <Chip
            key={fid}
            size="small"
            label={facilityName(fid)}
            onDelete={() =>
              update((d) => {
                const cm = d.config.params.configMessages[key];
                cm.sentTo = cm.sentTo.filter((x) => x !== fid);
              })
            }
          />
        ))}
      </Stack>
    </Stack>
  );

  return (
    <EditorFrame
      title={gameId ? t('game.editor.editTitle') : t('game.editor.title')}
      restartWarning={started ? t('game.editor.restartWarning') : null}
      name={draft.name}
      onName={(name) => update((d) => void (d.name = name))}
      nameIssue={issueAt('name')}
      issues={issues}
      showIssues={showIssues}
      saving={saving}
      isNew={!gameId}
      onSave={() => void save()}
      general={
        <TextField
          select
          label={t('game.editor.facilityCount')}
          value={facilities.length}
          onChange={(e) => {
            const n = Number(e.target.value);
            setDraft((prev) => {
              const fresh = templateDraft(n, roleName);
              return prev ? { ...fresh, name: prev.name, paused: prev.paused } : fresh;
            });
          }}
          helperText={t('game.editor.facilityCountHelp')}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'editor-count' } as object },
          }}
          sx={{ width: 240 }}
        >
          {Array.from(
            { length: BEER_BOUNDS.facilities.max - BEER_BOUNDS.facilities.min + 1 },
            (_, i) => i + BEER_BOUNDS.facilities.min,
          ).map((n) => (
            <MenuItem key={n} value={n}>
              {t('game.editor.facilitiesN', { n })}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <Section
        title={t('game.editor.sections.general')}
        defaultExpanded
        errorCount={countUnder('params.weeks') + countUnder('params.forcedOrderWeeks')}
      >
        <Stack
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          direction="row"
          spacing={2}
          useFlexGap
        >
          <NumberField
            label={t('game.editor.weeks')}
            value={params.weeks}
            min={BEER_BOUNDS.weeks.min}
            max={BEER_BOUNDS.weeks.max}
            issue={issueAt('params.weeks')}
            onChange={(v) => update((d) => void (d.config.params.weeks = v))}
            testId="editor-weeks"
          />
          <NumberField
            label={t('game.editor.forcedOrderWeeks')}
            value={params.forcedOrderWeeks}
            min={0}
            max={params.weeks}
            issue={issueAt('params.forcedOrderWeeks')}
            onChange={(v) => update((d) => void (d.config.params.forcedOrderWeeks = v))}
          />
          <NumberField
            label={t('game.editor.seed')}
            value={params.seed}
            min={0}
            max={999999}
            issue={issueAt('params.seed')}
            onChange={(v) => update((d) => void (d.config.params.seed = v))}
          />
          <SwitchField
            label={t('game.editor.transparent')}
            checked={params.transparent}
            onChange={(v) => update((d) => void (d.config.params.transparent = v))}
          />
          <SwitchField
            label={t('game.editor.paused')}
            checked={draft.paused}
            onChange={(v) => update((d) => void (d.paused = v))}
          />
        </Stack>
      </Section>

      <Section title={t('game.editor.sections.timer')} errorCount={countUnder('params.timer')}>
        <Stack
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          direction="row"
          spacing={2}
          useFlexGap
        >
          <NumberField
            label={t('game.editor.timer')}
            value={params.timer}
            min={0}
            max={3600}
            issue={issueAt('params.timer')}
            onChange={(v) => update((d) => void (d.config.params.timer = v))}
          />
          <SwitchField
            label={t('game.editor.playTimer')}
            checked={params.playTimer}
            onChange={(v) => update((d) => void (d.config.params.playTimer = v))}
          />
          <Typography variant="body2" color="text.secondary">
            {t('game.editor.timerHelp')}
          </Typography>
        </Stack>
      </Section>

      <Section
        title={t('game.editor.sections.products')}
        errorCount={
          countUnder('params.consumerDemand') + countUnder('params.productsConsumerDemand')
        }
      >
        <Stack spacing={2}>
          {pids.map((pid) => {
            const tpl = ownEntry(params.productsTemplates, pid) ?? { name: pid, productEmoji: '' };
            const dm = demandDraftOf(productDemand(config, pid));
            const setDemand = (fn: (x: typeof dm) => void) =>
              update((d) => {
                const next = { ...dm };
                fn(next);
                setProductDemand(d.config, pid, demandPattern(next));
              });
            const demandIssue =
              issueAt(`params.productsConsumerDemand.${pid}`) ??
              (pid === pids[0] ? issueAt('params.consumerDemand') : undefined);
            return (
              <Paper key={pid} variant="outlined" sx={{ p: 2 }}>
                <Stack
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  direction="row"
                  spacing={2}
                  useFlexGap
                >
                  <TextField
                    size="small"
                    label={t('game.editor.productEmoji')}
                    value={tpl.productEmoji ?? ''}
                    onChange={(e) =>
                      update(
                        (d) =>
                          void (d.config.params.productsTemplates[pid] = {
                            ...tpl,
                            productEmoji: e.target.value,
                          }),
                      )
                    }
                    sx={{ width: 100 }}
                  />
                  <TextField
                    size="small"
                    fullWidth={false}
                    sx={{ width: 280 }}
                    label={t('game.editor.productName')}
                    value={tpl.name}
                    onChange={(e) =>
                      update(
                        (d) =>
                          void (d.config.params.productsTemplates[pid] = {
                            ...tpl,
                            name: e.target.value,
                          }),
                      )
                    }
                  />
                  <IconButton
                    aria-label={t('game.editor.removeProduct')}
                    disabled={pids.length <= 1}
                    onClick={() =>
                      setDraft((prev) =>
                        prev ? { ...prev, config: removeProduct(prev.config, pid) } : prev,
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
                <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                  {t('game.editor.demand.title')}
                </Typography>
                <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
                  <TextField
                    select
                    size="small"
                    label={t('game.editor.demand.kind')}
                    value={dm.kind}
                    onChange={(e) => setDemand((x) => void (x.kind = e.target.value as DemandKind))}
                    sx={{ width: 200 }}
                  >
                    {(['step', 'series', 'uniform', 'normal'] as const).map((k) => (
                      <MenuItem key={k} value={k}>
                        {t(`game.editor.demand.kinds.${k}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  {dm.kind === 'step' &&
                    (['initial', 'final', 'week'] as const).map((f) => (
                      <NumberField
                        key={f}
                        label={t(`game.editor.demand.${f}`)}
                        value={dm[f]}
                        min={f === 'week' ? 1 : Q.min}
                        max={Q.max}
                        onChange={(v) => setDemand((x) => void (x[f] = v))}
                      />
                    ))}
                  {dm.kind === 'series' && (
                    <TextField
                      size="small"
                      label={t('game.editor.demand.values')}
                      helperText={t('game.editor.demand.valuesHelp')}
                      value={dm.values}
                      onChange={(e) => setDemand((x) => void (x.values = e.target.value))}
                      sx={{ minWidth: 320 }}
                    />
                  )}
                  {dm.kind === 'uniform' &&
                    (['min', 'max'] as const).map((f) => (
                      <NumberField
                        key={f}
                        label={t(`game.editor.demand.${f}`)}
                        value={dm[f]}
                        min={Q.min}
                        max={Q.max}
                        onChange={(v) => setDemand((x) => void (x[f] = v))}
                      />
                    ))}
                  {dm.kind === 'normal' &&
                    (['mean', 'sd'] as const).map((f) => (
                      <NumberField
                        key={f}
                        label={t(`game.editor.demand.${f}`)}
                        value={dm[f]}
                        min={Q.min}
                        max={Q.max}
                        step={0.5}
                        onChange={(v) => setDemand((x) => void (x[f] = v))}
                      />
                    ))}
                </Stack>
                {demandIssue && (
                  <Typography color="error" variant="body2" sx={{ mt: 1 }}>
                    {issueText(demandIssue)}
                  </Typography>
                )}
              </Paper>
            );
          })}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setDraft((prev) =>
                  prev
                    ? {
                        ...prev,
                        config: addProduct(
                          prev.config,
                          localId('p'),
                          t('game.editor.newProduct'),
                          '📦',
                        ),
                      }
                    : prev,
                )
              }
            >
              {t('game.editor.addProduct')}
            </Button>
          </Box>
        </Stack>
      </Section>

      <Section title={t('game.editor.sections.facilities')} errorCount={countUnder('facilities')}>
        <Stack spacing={2}>
          {facilities.map((f) => {
            const base = `facilities.${f.id}`;
            const setF = (fn: (x: typeof f) => void) =>
              update((d) => {
                const x = d.config.facilities[f.id];
                if (x) fn(x);
              });
            return (
              <Section
                key={f.id}
                level={3}
                title={`${f.name} · ${t(`game.visuals.${f.visual ?? 'workshop'}` as 'game.visuals.retailer', { defaultValue: f.visual ?? '' })}`}
                errorCount={countUnder(`${base}.`)}
              >
                <Stack spacing={2}>
                  <TextField
                    size="small"
                    label={t('game.editor.facilityName')}
                    value={f.name}
                    onChange={(e) => setF((x) => void (x.name = e.target.value))}
                    sx={{ maxWidth: 320 }}
                  />
                  {Object.entries(f.pdata).map(([pid, pd]) => {
                    const pb = `${base}.pdata.${pid}`;
                    const setP = (fn: (x: typeof pd) => void) =>
                      setF((x) => {
                        const y = x.pdata[pid];
                        if (y) fn(y);
                      });
                    return (
                      <Box key={pid}>
                        <Typography variant="subtitle2" sx={{ mb: 1 }}>
                          {t('game.editor.stockOf', { product: productLabel(pid) })}
                        </Typography>
                        <Stack
                          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                          direction="row"
                          spacing={2}
                          useFlexGap
                        >
                          {(['stock', 'backlog', 'maxShipQty'] as const).map((k) => (
                            <NumberField
                              key={k}
                              label={t(`game.editor.fields.${k}`)}
                              value={pd[k] ?? 0}
                              min={Q.min}
                              max={Q.max}
                              issue={issueAt(`${pb}.${k}`)}
                              onChange={(v) => setP((x) => void (x[k] = v))}
                            />
                          ))}
                          {(
                            ['stockCost', 'backlogCost', 'unitPrice', 'missedSaleCost'] as const
                          ).map((k) => (
                            <NumberField
                              key={k}
                              label={t(`game.editor.fields.${k}`)}
                              value={pd[k] ?? 0}
                              min={C.min}
                              max={C.max}
                              step={C.step}
                              issue={issueAt(`${pb}.${k}`)}
                              onChange={(v) => setP((x) => void (x[k] = v))}
                            />
                          ))}
                          <SwitchField
                            label={t('game.editor.fields.allowBacklog')}
                            checked={pd.allowBacklog ?? true}
                            onChange={(v) => setP((x) => void (x.allowBacklog = v))}
                          />
                        </Stack>
                      </Box>
                    );
                  })}
                  <Divider />
                  {Object.entries(f.capabilities).map(([cid, c]) => {
                    const cb = `${base}.capabilities.${cid}`;
                    const setC = (fn: (x: typeof c) => void) =>
                      setF((x) => {
                        const y = x.capabilities[cid];
                        if (y) fn(y);
                      });
                    const field = (
                      k:
                        | 'leadtime'
                        | 'ordertime'
                        | 'leadtimeVariability'
                        | 'visibleWeeks'
                        | 'startOrders'
                        | 'moq'
                        | 'batchSize'
                        | 'maxOrderQty'
                        | 'productionCost',
                      min: number,
                      max: number,
                      step = 1,
                    ) => (
                      <NumberField
                        key={k}
                        label={t(`game.editor.fields.${k}`)}
                        value={
                          c[k] ?? ((BEER_DEFAULTS as Record<string, number | boolean>)[k] as number)
                        }
                        min={min}
                        max={max}
                        step={step}
                        issue={issueAt(`${cb}.${k}`)}
                        onChange={(v) => setC((x) => void (x[k] = v))}
                      />
                    );
                    const lt = c.leadtime ?? BEER_DEFAULTS.leadtime;
                    return (
                      <Box key={cid}>
                        <Typography variant="subtitle2" sx={{ mb: 1 }}>
                          {c.type === 'production'
                            ? t('game.editor.production', { product: productLabel(c.pid) })
                            : t('game.editor.purchase', {
                                product: productLabel(c.pid),
                                supplier: facilityName(c.from ?? ''),
                              })}
                        </Typography>
                        <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
                          {field('leadtime', BEER_BOUNDS.leadtime.min, BEER_BOUNDS.leadtime.max)}
                          {field('ordertime', 1, Math.max(1, lt - 1))}
                          {field(
                            'leadtimeVariability',
                            BEER_BOUNDS.leadtimeVariability.min,
                            BEER_BOUNDS.leadtimeVariability.max,
                          )}
                          {field(
                            'visibleWeeks',
                            BEER_BOUNDS.visibleWeeks.min,
                            BEER_BOUNDS.visibleWeeks.max,
                          )}
                          {field('startOrders', Q.min, Q.max)}
                          {field('moq', Q.min, Q.max)}
                          {field('batchSize', Q.min, Q.max)}
                          {field('maxOrderQty', Q.min, Q.max)}
                          {c.type === 'production' && field('productionCost', C.min, C.max, C.step)}
                        </Stack>
                      </Box>
                    );
                  })}
                  <Typography variant="body2" color="text.secondary">
                    {t('game.editor.zeroMeansNone')}
                  </Typography>
                </Stack>
              </Section>
            );
          })}
        </Stack>
      </Section>

      <Section title={t('game.editor.sections.messages')} errorCount={countUnder('messages.')}>
        <Stack spacing={2}>
          <Typography variant="subtitle2">{t('game.editor.messages.schedule')}</Typography>
          {params.configMessages.scheduleList.map((m, mi) => {
            const setM = (fn: (x: typeof m) => void) =>
              update((d) => {
                const x = d.config.params.configMessages.scheduleList[mi];
                if (x) fn(x);
              });
            return (
              <Stack
                sx={{ alignItems: 'flex-start' }}
                key={mi}
                direction={{ xs: 'column', md: 'row' }}
                spacing={2}
              >
                <NumberField
                  label={t('game.editor.messages.week')}
                  value={m.week}
                  min={1}
                  max={params.weeks}
                  issue={issueAt(`messages.${mi}.week`)}
                  onChange={(v) => setM((x) => void (x.week = v))}
                />
                <TextField
                  select
                  size="small"
                  label={t('game.editor.messages.to')}
                  value={m.to === 'all' ? ['all'] : m.to}
                  slotProps={{ select: { multiple: true } }}
                  onChange={(e) => {
                    const v = e.target.value as unknown as string[];
                    const last = v[v.length - 1];
                    setM(
                      (x) =>
                        void (x.to =
                          v.length === 0 || last === 'all' ? 'all' : v.filter((y) => y !== 'all')),
                    );
                  }}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="all">{t('game.editor.messages.all')}</MenuItem>
                  {facilities.map((f) => (
                    <MenuItem key={f.id} value={f.id}>
                      {f.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  fullWidth={false}
                  label={t('game.editor.messages.text')}
                  value={m.message}
                  error={issueAt(`messages.${mi}.message`) !== undefined}
                  helperText={
                    issueAt(`messages.${mi}.message`)
                      ? issueText(issueAt(`messages.${mi}.message`) as ValidationIssue)
                      : undefined
                  }
                  onChange={(e) => setM((x) => void (x.message = e.target.value))}
                  sx={{ flex: 1, minWidth: 240 }}
                  multiline
                />
                <IconButton
                  aria-label={t('game.editor.remove')}
                  onClick={() =>
                    update((d) => void d.config.params.configMessages.scheduleList.splice(mi, 1))
                  }
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            );
          })}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                update(
                  (d) =>
                    void d.config.params.configMessages.scheduleList.push({
                      to: 'all',
                      message: '',
                      week: 1,
                    }),
                )
              }
            >
              {t('game.editor.messages.add')}
            </Button>
          </Box>
          <Divider />
          {thresholdMessage('backlogMessage', params.configMessages.backlogMessage)}
          <Divider />
          {thresholdMessage('stockMessage', params.configMessages.stockMessage)}
        </Stack>
      </Section>

      <DebriefConfigSection<string>
        sections={BEER_DEBRIEF_SECTIONS.map((id) => ({
          id,
          label: t(`game.debriefSections.${id}`),
        }))}
        value={params.configDebrief}
        answers={params.answers}
        issueAt={issueAt}
        errorCount={countUnder('questions.')}
        edit={(change) => update((d) => change(d.config.params.configDebrief))}
        editAnswers={(change) =>
          update((d) => {
            const answers = { ...(d.config.params.answers ?? {}) };
            change(answers);
            d.config.params.answers = answers;
          })
        }
      />
    </EditorFrame>
  );
}
