/**
 * The player's order for the week and what sending it involves: the typed quantities, the one
 * `placeOrder` call (which turns the week when it is the last order) and what the box says
 * meanwhile. A component of its own, so that typing renders the box, not the whole play page.
 */
import { startTransition, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  awaitedRoles,
  type BeerGameDoc,
  type FacilityPrivate,
  type PublicFacility,
} from '@/features/games/beer/game-model';
import { OrderForm, type OrderLine } from '@/features/games/beer/order-form';
import { checkOrder } from '@/features/games/beer/order-rules';
import { computerOrdersOf, weekHasTurned } from '@/features/games/beer/play-model';
import { showError } from '@/lib/errors/error-store';
import { placeOrder } from '@/lib/firebase/callables';

export function OrderBox({
  game,
  priv,
  facility,
  productName,
  supplierName,
}: {
  game: BeerGameDoc;
  /** The player's facility document, of the same week as `game`. */
  priv: FacilityPrivate;
  facility: PublicFacility;
  productName: (pid: string) => string;
  supplierName: (fid: string | null) => string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<{ week: number; values: Record<string, string> }>({
    week: 0,
    values: {},
  });
  const [busy, setBusy] = useState(false);
  // Set at the click itself: the box shows "sending" a moment later (see submit).
  const sending = useRef(false);
  const [submittedWeek, setSubmittedWeek] = useState<number | null>(null);
  const [lateWeek, setLateWeek] = useState<number | null>(null);

  const week = priv.week;
  const values = typed.week === week ? typed.values : {};
  const validated = priv.validatedOrder || submittedWeek === week;
  // A role the instructor handed to the computer: its orders are the computer's (the backend
  // ignores the player's), so the box says so instead of taking an order.
  const computerPlays = facility.computer;
  const canOrder = !game.paused && !validated && !busy && !computerPlays;

  const lines: OrderLine[] = facility.capabilities.map((c) => {
    const text = priv.orderForced ? String(c.startOrders) : (values[c.id] ?? '');
    const capView = priv.own?.capabilities.find((x) => x.id === c.id);
    return { cap: c, text, check: checkOrder(text, c), view: capView };
  });

  const submit = async () => {
    if (!canOrder || sending.current || !lines.every((x) => x.check.valid)) return;
    sending.current = true;
    const quantities: Record<string, number> = {};
    for (const x of lines) quantities[x.cap.id] = x.check.placed ?? 0;
    // One request: the backend records the order and turns the week if it was the last one.
    const placed = placeOrder({ gid: game.id, facility: facility.id, week, quantities });
    // The box re-renders as "sending" after the request has left, not before: an urgent update
    // would render between the click and the request.
    startTransition(() => setBusy(true));
    try {
      await placed;
      setLateWeek(null);
      setSubmittedWeek(week);
    } catch (err) {
      // Refused because the week turned before the order arrived (the timer, the instructor):
      // say so; the order of the new week is the player's next decision.
      if (weekHasTurned(err)) setLateWeek(week);
      // The typed values stay; the same order may be sent again (it is taken once).
      else showError(err);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const awaited = awaitedRoles(game);
  const humansWaiting = game.facilities.filter(
    (f) => f.user !== null && !f.computer && !f.validatedOrder && f.id !== facility.id,
  );
  return (
    <OrderForm
      week={week}
      lines={lines}
      canOrder={canOrder}
      fixed={priv.orderForced}
      validated={validated}
      busy={busy}
      paused={game.paused}
      computerPlays={computerPlays}
      computerOrdered={computerOrdersOf(priv)}
      lateWeek={lateWeek}
      waitingText={
        // A team game of a session holds the week for roles nobody has taken yet.
        awaited.length > 0
          ? t('game.play.waitingForPlayers', { names: awaited.map((f) => f.name).join(', ') })
          : humansWaiting.length > 0
            ? t('game.play.waitingFor', { names: humansWaiting.map((f) => f.name).join(', ') })
            : t('game.play.waiting')
      }
      productName={productName}
      supplierName={supplierName}
      onType={(cid, text) => setTyped({ week, values: { ...values, [cid]: text } })}
      onSubmit={() => void submit()}
    />
  );
}
