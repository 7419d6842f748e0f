/**
 * The improvements panel (spec §4, design B.12, LEAN-IMP-0), before the run starts: the eight
 * levers with a line on what each does, those the game does not let players change shown
 * locked. Everyone in the game sees the settings; a player with a facility or the creator opens
 * the panel to change them, one person at a time (`improvementsPanelBy`), and each change goes to
 * `leanImprovements` at once. The sections are one component per kind of lever.
 */
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeanImprovementChange, RaisedCap } from '@sim/core/lean/improvements';
import type { Improvement, SettingImprovement } from '@sim/core/lean/model';
import type { GameRole } from '@/features/games/shared/game-model';
import {
  assignableRoles,
  assignChange,
  BATCH_BOUNDS,
  batchChange,
  CAP_MAX,
  capChange,
  freeCells,
  isSwitch,
  leverRows,
  moveChange,
  opTypesUsed,
  panelAccess,
  parseWhole,
  switchChange,
} from '@/features/games/lean/improvements-model';
import {
  assigneeOf,
  splitOpType,
  type LeanRole,
  type LeanScreenGame,
} from '@/features/games/lean/lean-game-model';
import { LeanFacilityIcon } from '@/features/games/lean/facility-icon';
import { OpDot, useDotName } from '@/features/games/lean/product-dots';
import { useErrorText } from '@/lib/errors/use-error-text';
import { leanImprovements } from '@/lib/firebase/callables';

type Apply = (change: LeanImprovementChange) => void;

function LeverBlock({
  lever,
  unlocked,
  children,
}: {
  lever: Improvement;
  unlocked: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t(`leanPlay.levers.${lever}.name`)}
      data-testid={`lever-${lever}`}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', opacity: unlocked ? 1 : 0.75 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t(`leanPlay.levers.${lever}.name`)}
        </Typography>
        {!unlocked && (
          <Chip size="small" icon={<LockIcon />} label={t('leanPlay.improvements.locked')} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`leanPlay.levers.${lever}.help`)}
      </Typography>
      {children}
    </Box>
  );
}

function SwitchLever({
  lever,
  on,
  editable,
  apply,
}: {
  lever: SettingImprovement;
  on: boolean;
  editable: boolean;
  apply: Apply;
}) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={on}
          disabled={!editable}
          onChange={(e) => apply(switchChange(lever, e.target.checked))}
          slotProps={{ input: { 'data-testid': `lever-switch-${lever}` } as object }}
        />
      }
      label={on ? t('leanPlay.improvements.on') : t('leanPlay.improvements.off')}
    />
  );
}

/** movestations: choose a station, then a free cell of the grid (buttons, so the keyboard works). */
function MoveLever({
  game,
  editable,
  apply,
}: {
  game: LeanScreenGame;
  editable: boolean;
  apply: Apply;
}) {
  const { t } = useTranslation();
  const [fid, setFid] = useState(game.roles[0]?.id ?? '');
  const moving = game.roles.find((r) => r.id === fid) ?? null;
  const free = new Set(freeCells(game, fid).map(([c, r]) => `${c},${r}`));
  const { rows, cols } = game.lean.mapSize;
  const at = new Map(
    game.roles.filter((r) => r.position).map((r) => [`${r.position?.[0]},${r.position?.[1]}`, r]),
  );
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={t('leanPlay.improvements.station')}
        value={fid}
        onChange={(e) => setFid(e.target.value)}
        sx={{ maxWidth: 280 }}
        slotProps={{ htmlInput: { 'data-testid': 'move-station' } }}
      >
        {game.roles.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      <Box
        role="group"
        aria-label={t('leanPlay.improvements.cells', { name: moving?.name ?? '' })}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
          gap: 0.5,
          maxWidth: 480,
        }}
      >
        {Array.from({ length: rows * cols }, (_, k) => {
          const col = k % cols;
          const row = Math.floor(k / cols);
          const key = `${col},${row}`;
          const here = moving?.position?.[0] === col && moving?.position?.[1] === row;
          const occupant = at.get(key);
          const label = occupant
            ? t('leanPlay.improvements.cellTaken', {
                col: col + 1,
                row: row + 1,
                name: occupant.name,
              })
            : t('leanPlay.improvements.cellFree', { col: col + 1, row: row + 1 });
          return (
            <ButtonBase
              key={key}
              aria-label={label}
              title={label}
              aria-pressed={here}
              disabled={!editable || here || !free.has(key)}
              onClick={() => apply(moveChange(fid, [col, row]))}
              data-testid={`move-cell-${col}-${row}`}
              sx={(theme) => ({
                aspectRatio: '1',
                minHeight: 28,
                borderRadius: 0.5,
                border: 1,
                borderColor: here ? 'primary.main' : 'divider',
                bgcolor: here ? 'primary.main' : occupant ? 'grey.300' : 'background.paper',
                color: here ? 'primary.contrastText' : 'text.primary',
                fontSize: '0.65rem',
                overflow: 'hidden',
                '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.dark}` },
              })}
            >
              {occupant && <LeanFacilityIcon type={occupant.type} aria-hidden fontSize="small" />}
            </ButtonBase>
          );
        })}
      </Box>
    </Stack>
  );
}

/** A whole number field that applies on Enter or when it loses the focus. */
function WholeField({
  label,
  value,
  min,
  max,
  editable,
  onApply,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  editable: boolean;
  onApply: (n: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? String(value);
  const parsed = parseWhole(text, min, max);
  const commit = () => {
    if (typed === null) return;
    if (parsed !== null && parsed !== value) onApply(parsed);
    if (parsed !== null) setTyped(null);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={!editable}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      error={parsed === null}
      helperText={parsed === null ? t('leanPlay.improvements.between', { min, max }) : ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId } }}
      sx={{ width: 150 }}
    />
  );
}

function PerStation({
  game,
  render,
}: {
  game: LeanScreenGame;
  render: (r: LeanRole) => ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
        gap: 1,
      }}
    >
      {game.roles.map((r) => (
        <Stack
          key={r.id}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
          useFlexGap
        >
          <Typography variant="body2" sx={{ width: 110, pt: 1, overflowWrap: 'anywhere' }}>
            {r.name}
          </Typography>
          {render(r)}
        </Stack>
      ))}
    </Box>
  );
}

/** balancestations: each operation type to one of the facilities allowed to paint it. */
function BalanceLever({
  game,
  editable,
  apply,
}: {
  game: LeanScreenGame;
  editable: boolean;
  apply: Apply;
}) {
  const { t } = useTranslation();
  const dotName = useDotName();
  const allowed = assignableRoles(game);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
        gap: 1,
      }}
    >
      {opTypesUsed(game).map((type) => {
        const dot = splitOpType(type);
        const current = assigneeOf(game, type) ?? '';
        return (
          <Stack key={type} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {dot && <OpDot shape={dot.shape} color={dot.color} size={22} />}
            <TextField
              select
              size="small"
              fullWidth
              label={dot ? dotName(dot) : type}
              value={allowed.some((r) => r.id === current) ? current : ''}
              disabled={!editable}
              onChange={(e) => apply(assignChange(type, e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': `assign-${type}` } }}
            >
              {allowed.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        );
      })}
      {allowed.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('leanPlay.improvements.noStation')}
        </Typography>
      )}
    </Box>
  );
}

export function ImprovementsPanel({
  game,
  role,
  uid,
}: {
  game: LeanScreenGame;
  role: GameRole;
  uid: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const access = panelAccess(game, role, uid);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [raised, setRaised] = useState<readonly RaisedCap[]>([]);
  const holding = access.holder.kind === 'me';
  const nameOf = (fid: string) => game.roles.find((r) => r.id === fid)?.name ?? fid;

  const call = async (request: Parameters<typeof leanImprovements>[0]) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await leanImprovements(request);
      setRaised(result.raised);
    } catch (error) {
      setFailure({ error });
    } finally {
      setBusy(false);
    }
  };
  const apply: Apply = (settings) => void call({ gid: game.shared.id, op: 'set', settings });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="lean-improvements">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('leanPlay.improvements.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {access.anyLever ? t('leanPlay.improvements.lead') : t('leanPlay.improvements.noLever')}
      </Typography>
      {access.mayOpen && access.anyLever && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          {holding ? (
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => void call({ gid: game.shared.id, op: 'close' })}
              data-testid="improvements-close"
            >
              {t('leanPlay.improvements.close')}
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={busy || access.holder.kind === 'other'}
              onClick={() => void call({ gid: game.shared.id, op: 'open' })}
              data-testid="improvements-open"
            >
              {t('leanPlay.improvements.open')}
            </Button>
          )}
          {access.holder.kind === 'other' && (
            <Typography variant="body2" data-testid="improvements-holder">
              {t('leanPlay.improvements.heldBy', {
                name: access.holder.name ?? t('game.map.anonymous'),
              })}
            </Typography>
          )}
          {/* The creator may close a panel a player left open (the backend lets admins). */}
          {access.holder.kind === 'other' && role.kind === 'creator' && (
            <Button
              size="small"
              disabled={busy}
              onClick={() => void call({ gid: game.shared.id, op: 'close' })}
              data-testid="improvements-take-back"
            >
              {t('leanPlay.improvements.takeBack')}
            </Button>
          )}
          {holding && (
            <Typography variant="body2" color="success.main">
              {t('leanPlay.improvements.youHold')}
            </Typography>
          )}
        </Stack>
      )}
      {!access.mayOpen && access.holder.kind === 'other' && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="improvements-holder">
          {t('leanPlay.improvements.heldBy', {
            name: access.holder.name ?? t('game.map.anonymous'),
          })}
        </Typography>
      )}
      {failure && (
        <Alert
          severity="warning"
          sx={{ my: 1 }}
          onClose={() => setFailure(null)}
          data-testid="improvements-error"
        >
          {errorText(failure.error)}
        </Alert>
      )}
      {raised.length > 0 && (
        <Alert severity="info" sx={{ my: 1 }} onClose={() => setRaised([])}>
          {t('leanPlay.improvements.raised', {
            list: raised.map((r) => `${nameOf(r.fid)} ${r.value}`).join(', '),
          })}
        </Alert>
      )}
      {leverRows(game).map(({ lever, unlocked, on }) => (
        <LeverBlock key={lever} lever={lever} unlocked={unlocked}>
          {holding && unlocked ? (
            <LeverControl game={game} lever={lever} on={on} editable={!busy} apply={apply} />
          ) : (
            <LeverSetting game={game} lever={lever} on={on} />
          )}
        </LeverBlock>
      ))}
    </Paper>
  );
}

/** The controls of a lever, for whoever holds the panel. */
function LeverControl({
  game,
  lever,
  on,
  editable,
  apply,
}: {
  game: LeanScreenGame;
  lever: Improvement;
  on: boolean | null;
  editable: boolean;
  apply: Apply;
}) {
  const { t } = useTranslation();
  if (isSwitch(lever)) {
    return (
      <>
        <SwitchLever lever={lever} on={on === true} editable={editable} apply={apply} />
        {lever === 'kanban' && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('leanPlay.improvements.caps')}
            </Typography>
            <PerStation
              game={game}
              render={(r) => (
                <>
                  {r.type !== 'warehouse' && (
                    <WholeField
                      key={`${r.id}-in-${r.wipInMax}`}
                      label={t('leanPlay.improvements.capIn')}
                      value={r.wipInMax}
                      min={1}
                      max={CAP_MAX}
                      editable={editable}
                      onApply={(n) => apply(capChange(r.id, 'wipInMax', n))}
                      testId={`cap-in-${r.id}`}
                    />
                  )}
                  <WholeField
                    key={`${r.id}-out-${r.wipOutMax}`}
                    label={t('leanPlay.improvements.capOut')}
                    value={r.wipOutMax}
                    min={Math.max(1, r.batchSize)}
                    max={CAP_MAX}
                    editable={editable}
                    onApply={(n) => apply(capChange(r.id, 'wipOutMax', n))}
                    testId={`cap-out-${r.id}`}
                  />
                </>
              )}
            />
          </Box>
        )}
      </>
    );
  }
  if (lever === 'movestations') return <MoveLever game={game} editable={editable} apply={apply} />;
  if (lever === 'batch') {
    return (
      <PerStation
        game={game}
        render={(r) => (
          <WholeField
            key={`${r.id}-${r.batchSize}`}
            label={t('leanPlay.improvements.batch')}
            value={r.batchSize}
            min={BATCH_BOUNDS.min}
            max={BATCH_BOUNDS.max}
            editable={editable}
            onApply={(n) => apply(batchChange(r.id, n))}
            testId={`batch-${r.id}`}
          />
        )}
      />
    );
  }
  return <BalanceLever game={game} editable={editable} apply={apply} />;
}

/** A lever's setting as text, for those who do not hold the panel and for locked levers. */
function LeverSetting({
  game,
  lever,
  on,
}: {
  game: LeanScreenGame;
  lever: Improvement;
  on: boolean | null;
}) {
  const { t } = useTranslation();
  const dotName = useDotName();
  const list = (items: readonly string[]) => (
    <Typography variant="body2" data-testid={`lever-setting-${lever}`}>
      {items.join(' · ')}
    </Typography>
  );
  if (isSwitch(lever)) {
    return (
      <>
        {list([on ? t('leanPlay.improvements.on') : t('leanPlay.improvements.off')])}
        {lever === 'kanban' &&
          list(
            game.roles.map((r) =>
              r.type === 'warehouse'
                ? t('leanPlay.improvements.capsOf', { name: r.name, out: r.wipOutMax })
                : t('leanPlay.improvements.capsInOut', {
                    name: r.name,
                    in: r.wipInMax,
                    out: r.wipOutMax,
                  }),
            ),
          )}
      </>
    );
  }
  if (lever === 'movestations') return list([t('leanPlay.improvements.layoutAsShown')]);
  if (lever === 'batch') {
    return list(
      game.roles.map((r) => t('leanPlay.improvements.batchOf', { name: r.name, n: r.batchSize })),
    );
  }
  return list(
    opTypesUsed(game).map((type) => {
      const dot = splitOpType(type);
      const fid = assigneeOf(game, type);
      return t('leanPlay.improvements.assignedTo', {
        dot: dot ? dotName(dot) : type,
        name: game.roles.find((r) => r.id === fid)?.name ?? '–',
      });
    }),
  );
}
