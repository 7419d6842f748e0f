/**
 * The player's order box: one quantity per capability (a numeric keypad on phones, Enter sends),
 * the order rules, the pipeline, and what happened to the last order (too late, placed by the
 * computer).
 */
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CapabilityView } from '@sim/core/beer/view';
import type { PublicCapability } from '@/features/games/beer/game-model';
import type { OrderCheck } from '@/features/games/beer/order-rules';
import type { ComputerOrder } from '@/features/games/beer/play-model';
import { PipelineCells } from '@/features/games/beer/play-panels';
import { NumberField } from '@/components/number-field';
import { useFormatNumber } from '@/lib/i18n/format-number';

export interface OrderLine {
  cap: PublicCapability;
  text: string;
  check: OrderCheck;
  view: CapabilityView | undefined;
}

export function OrderForm({
  week,
  lines,
  canOrder,
  fixed,
  validated,
  busy,
  paused,
  computerPlays,
  computerOrdered,
  lateWeek,
  waitingText,
  productName,
  supplierName,
  onType,
  onSubmit,
}: {
  week: number;
  lines: readonly OrderLine[];
  canOrder: boolean;
  /** This week's order is the start order (the fields show it, read-only). */
  fixed: boolean;
  validated: boolean;
  busy: boolean;
  paused: boolean;
  /** The instructor handed the role to the computer: it orders, the player watches. */
  computerPlays: boolean;
  computerOrdered: { week: number; orders: ComputerOrder[] } | null;
  lateWeek: number | null;
  waitingText: string;
  productName: (pid: string) => string;
  supplierName: (fid: string | null) => string;
  onType: (capability: string, text: string) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const num = useFormatNumber();
  const firstField = useRef<HTMLInputElement>(null);
  // Keyboard players: the fields are disabled while the week turns, which drops the focus; the
  // new week's field gets it back when it was in the form.
  const focusInForm = useRef(false);
  useEffect(() => {
    if (focusInForm.current && canOrder) firstField.current?.focus();
  }, [week, canOrder]);
  const allValid = lines.every((l) => l.check.valid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canOrder && allValid) onSubmit();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    // Focus leaving for another element outside the form (not lost to a disabled field).
    if (next instanceof Node && !event.currentTarget.contains(next)) focusInForm.current = false;
  };

  const computerText = computerOrdered
    ? t('game.play.computerOrdered', {
        week: computerOrdered.week,
        orders: computerOrdered.orders
          .map((o) =>
            computerOrdered.orders.length > 1
              ? `${productName(o.pid)} ${num(o.quantity)}`
              : num(o.quantity),
          )
          .join(', '),
      })
    : null;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, md: 2 } }}
      component="form"
      aria-labelledby="order-form-title"
      onSubmit={submit}
      onFocus={() => (focusInForm.current = true)}
      onBlur={onBlur}
      data-testid="order-form"
    >
      <Typography variant="h6" component="h2" gutterBottom id="order-form-title">
        {t('game.play.yourOrder')}
      </Typography>
      {computerPlays ? (
        <Alert severity="info" icon={<SmartToyIcon />} sx={{ mb: 2 }} data-testid="computer-plays">
          {t('game.play.computerPlays')}
        </Alert>
      ) : (
        computerText && (
          <Alert
            severity="warning"
            icon={<SmartToyIcon />}
            sx={{ mb: 2 }}
            data-testid="computer-ordered"
            role="status"
          >
            {computerText}
          </Alert>
        )
      )}
      {fixed && !computerPlays && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('game.play.forced')}
        </Alert>
      )}
      <Stack spacing={2}>
        {lines.map(({ cap, text, check, view }, i) => {
          const rules = [
            cap.moq > 0 ? t('game.order.moq', { n: cap.moq }) : null,
            cap.batchSize > 0 ? t('game.order.batch', { n: cap.batchSize }) : null,
            cap.maxOrderQty > 0 ? t('game.order.max', { n: cap.maxOrderQty }) : null,
          ].filter((x): x is string => x !== null);
          const showError = text.trim() !== '' && !check.valid;
          return (
            <Box key={cap.id}>
              <Typography variant="subtitle2" component="p">
                {t('game.play.orderFrom', {
                  product: productName(cap.pid),
                  supplier: supplierName(cap.from),
                })}
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1, sm: 2 }}
                sx={{ alignItems: { sm: 'flex-start' }, mt: 1 }}
              >
                <NumberField
                  size="small"
                  label={t('game.play.quantity')}
                  value={text}
                  disabled={!canOrder || fixed || computerPlays}
                  onChange={(e) => onType(cap.id, e.target.value)}
                  error={showError}
                  helperText={
                    showError
                      ? t('game.order.invalid', { max: 999 })
                      : check.adjusted && check.placed !== null
                        ? t('game.order.adjusted', { n: check.placed })
                        : rules.join(' · ') || t('game.order.noRule')
                  }
                  inputRef={i === 0 ? firstField : undefined}
                  htmlInput={{
                    'data-testid': `order-${cap.id}`,
                    // A numeric keypad on phones; whole numbers only.
                    inputMode: 'numeric',
                    pattern: '[0-9]*',
                    enterKeyHint: 'send',
                    autoComplete: 'off',
                  }}
                  sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('game.play.pipeline', { total: num(view?.onOrder ?? 0) })}
                  </Typography>
                  <PipelineCells arriving={view?.arriving ?? []} />
                </Box>
              </Stack>
            </Box>
          );
        })}
        {validated ? (
          <Alert
            severity="info"
            // Still, not a spinner: the wait for the others may take minutes, and an animation
            // would keep the phone drawing (and the other pages' week turn waiting for a core).
            icon={<HourglassTopIcon aria-hidden />}
            data-testid="play-waiting"
            role="status"
          >
            {waitingText}
          </Alert>
        ) : (
          !computerPlays && (
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!canOrder || !allValid}
                data-testid="order-submit"
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {busy ? t('game.play.sending') : t('game.play.placeOrder')}
              </Button>
              {paused && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('game.play.pausedHint')}
                </Typography>
              )}
              {lateWeek !== null && lateWeek < week && (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid="order-late">
                  {t('game.play.orderTooLate', { late: lateWeek, week })}
                </Alert>
              )}
            </Box>
          )
        )}
      </Stack>
    </Paper>
  );
}
