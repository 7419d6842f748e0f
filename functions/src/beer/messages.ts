/**
 * The messages of a beer game that the backend sends (docs/games/beer-documents.md, "Messages"):
 * the scheduled messages of `params.configMessages.scheduleList` when their week comes, and the
 * threshold messages (`backlogMessage`, `stockMessage`) to a facility whose backlog or stock
 * passes the threshold, once per facility (its id is appended to the message's `sentTo`).
 *
 * Each message is written to `games/{gid}/messages/{mid}` as `{game_id, to, message, show_at,
 * source}`; one addressed to facilities is also copied to each facility's inbox
 * (`games/{gid}/facilities/{fid}/inbox/{mid}`), because a player cannot query messages by its
 * facility id (docs/policy.md "Messages"). Message ids are fixed by what they are, so writing a
 * message twice leaves one document.
 */
import type { DocData, Transaction } from '@sim/core/port/data-port';
import type { BeerState } from '@sim/core/beer/engine';
import { playerView } from '@sim/core/beer/view';

export const messagePath = (gid: string, mid: string): string => `games/${gid}/messages/${mid}`;
export const inboxPath = (gid: string, fid: string, mid: string): string =>
  `games/${gid}/facilities/${fid}/inbox/${mid}`;

export type MessageSource = 'schedule' | 'backlog' | 'stock';

/** Threshold messages and the field of `params.configMessages` that holds each. */
export const THRESHOLD_KINDS = [
  { source: 'backlog', field: 'backlogMessage' },
  { source: 'stock', field: 'stockMessage' },
] as const;

export interface GameMessageDoc {
  game_id: string;
  to: 'all' | string[];
  message: string;
  show_at: number;
  source: MessageSource;
}

export interface DueMessages {
  /** Message id → document. */
  messages: Record<string, GameMessageDoc>;
  /** Updates of the public game document (`params.configMessages.*.sentTo`), possibly empty. */
  sentTo: Record<string, string[]>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The messages that become due when the game reaches `state.week`: scheduled messages of weeks
 * `fromWeek` … `state.week`, and threshold messages for facilities past a threshold in `state`
 * that are not in the message's `sentTo` yet. Pure.
 */
export function dueMessages(
  gid: string,
  game: DocData,
  state: BeerState,
  fromWeek: number,
): DueMessages {
  const out: DueMessages = { messages: {}, sentTo: {} };
  const params = isRecord(game.params) ? game.params : {};
  const cm = isRecord(params.configMessages) ? params.configMessages : {};
  const fids = new Set(Object.keys(state.game.facilities));
  const week = state.week;
  const list = Array.isArray(cm.scheduleList) ? cm.scheduleList : [];
  list.forEach((m: unknown, i) => {
    if (!isRecord(m) || typeof m.week !== 'number' || typeof m.message !== 'string') return;
    if (m.message.trim() === '' || m.week < fromWeek || m.week > week) return;
    const to = m.to === 'all' ? 'all' : strings(m.to).filter((fid) => fids.has(fid));
    if (to !== 'all' && to.length === 0) return;
    out.messages[`schedule-${m.week}-${i}`] = {
      game_id: gid,
      to,
      message: m.message,
      show_at: m.week,
      source: 'schedule',
    };
  });
  if (state.status === 'finished') return out;
  const view = THRESHOLD_KINDS.some(({ field }) => isRecord(cm[field]) && cm[field].active === true)
    ? playerView(state, null)
    : null;
  if (!view) return out;
  for (const { source, field } of THRESHOLD_KINDS) {
    const t = cm[field];
    if (!isRecord(t) || t.active !== true || typeof t.message !== 'string') continue;
    if (t.message.trim() === '') continue;
    const threshold = typeof t.threshold === 'number' ? t.threshold : 0;
    const sent = strings(t.sentTo);
    const added: string[] = [];
    for (const d of view.details) {
      if (sent.includes(d.id)) continue;
      const value = d.products.reduce((a, p) => a + (source === 'stock' ? p.stock : p.backlog), 0);
      if (value <= threshold) continue;
      added.push(d.id);
      out.messages[`${source}-${d.id}`] = {
        game_id: gid,
        to: [d.id],
        message: t.message,
        show_at: week,
        source,
      };
    }
    if (added.length > 0) out.sentTo[`params.configMessages.${field}.sentTo`] = [...sent, ...added];
  }
  return out;
}

/** Writes the messages and their inbox copies in the transaction; returns the `sentTo` updates. */
export function writeDueMessages(
  tx: Transaction,
  gid: string,
  game: DocData,
  state: BeerState,
  fromWeek: number,
): Record<string, string[]> {
  const due = dueMessages(gid, game, state, fromWeek);
  for (const [mid, doc] of Object.entries(due.messages)) {
    tx.set(messagePath(gid, mid), { ...doc });
    if (doc.to !== 'all') for (const fid of doc.to) tx.set(inboxPath(gid, fid, mid), { ...doc });
  }
  return due.sentTo;
}
