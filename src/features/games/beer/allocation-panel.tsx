/**
 * The instructor's allocation panel (BEER-SHIP-2/3): for each supplier that ships a product to
 * several facilities, the weights by which a shortage is shared, or proportional sharing. Saved
 * with `confirmAllocations`; the backend applies them from the next week's shipments.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AllocationTarget,
  allocationTargets,
  type BeerGameDoc,
  parseWeights,
  withWeights,
} from '@/features/games/beer/game-model';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';
import { confirmAllocations } from '@/lib/firebase/callables';
import { ownEntry } from '@/lib/own';

function TargetRow({
  game,
  target,
  busy,
  run,
}: {
  game: BeerGameDoc;
  target: AllocationTarget;
  busy: boolean;
  run: (action: () => Promise<unknown>, done: string) => void;
}) {
  const { t } = useTranslation();
  const stored = game.allocations?.[target.supplier]?.[target.pid] ?? null;
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(target.clients.map((c) => [c, String(stored?.[c] ?? 1)])),
  );
  const weights = parseWeights(target.clients, typed);
  const name = (fid: string) => game.facilities.find((f) => f.id === fid)?.name ?? fid;
  const product = ownEntry(game.params.productsTemplates, target.pid);
  const productName = product ? `${product.productEmoji} ${product.name}`.trim() : target.pid;
  const testId = `allocation-${target.supplier}-${target.pid}`;
  const save = (next: Record<string, number> | null, done: string) =>
    run(
      () =>
        confirmAllocations({
          gid: game.id,
          allocations: withWeights(game.allocations, target.supplier, target.pid, next),
        }),
      done,
    );
  return (
    <Stack spacing={1} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {t('game.follow.allocations.target', {
            supplier: name(target.supplier),
            product: productName,
          })}
        </Typography>
        <Chip
          size="small"
          color={stored ? 'primary' : 'default'}
          label={
            stored
              ? t('game.follow.allocations.byWeights')
              : t('game.follow.allocations.proportional')
          }
          data-testid={`${testId}-mode`}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        {target.clients.map((c) => (
          <TextField
            key={c}
            size="small"
            label={t('game.follow.allocations.weightFor', { client: name(c) })}
            value={typed[c] ?? ''}
            onChange={(e) => setTyped((prev) => ({ ...prev, [c]: e.target.value }))}
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'data-testid': `${testId}-${c}` },
            }}
            sx={{ width: 210 }}
          />
        ))}
        <Button
          variant="contained"
          size="small"
          disabled={busy || weights === null}
          onClick={() => save(weights, t('game.follow.allocations.confirmed'))}
          data-testid={`${testId}-confirm`}
        >
          {t('game.follow.allocations.confirm')}
        </Button>
        <Button
          size="small"
          disabled={busy || stored === null}
          onClick={() => {
            setTyped(Object.fromEntries(target.clients.map((c) => [c, '1'])));
            save(null, t('game.follow.allocations.resetDone'));
          }}
          data-testid={`${testId}-reset`}
        >
          {t('game.follow.allocations.reset')}
        </Button>
      </Stack>
      {weights === null && (
        <Typography variant="caption" color="error">
          {t('game.follow.allocations.invalid')}
        </Typography>
      )}
    </Stack>
  );
}

export function AllocationPanel({ game }: { game: BeerGameDoc }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const targets = allocationTargets(game);
  if (targets.length === 0 || game.finished) return null;
  const run = (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    action()
      .then(() => showToast(done, { durationMs: 1500 }))
      .catch(showError)
      .finally(() => setBusy(false));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} data-testid="allocation-panel">
      <Typography variant="h6">{t('game.follow.allocations.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('game.follow.allocations.help')}
      </Typography>
      <Stack spacing={2}>
        {targets.map((target) => (
          <TargetRow
            key={`${target.supplier}/${target.pid}/${JSON.stringify(
              game.allocations?.[target.supplier]?.[target.pid] ?? null,
            )}`}
            game={game}
            target={target}
            busy={busy}
            run={run}
          />
        ))}
      </Stack>
    </Paper>
  );
}
