/** A beer game's own live documents (listeners through the data port). */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { gamePath, watchDoc, watchQuery } from '@/features/games/shared/game-api';
import type { Loaded } from '@/features/games/shared/use-game-data';
import {
  type BeerGameDoc,
  type FacilityPrivate,
  parseBeerGame,
  parseFacilityPrivate,
  parseSentMessage,
  type SentMessage,
} from '@/features/games/beer/game-model';
import { localizeBeerGame } from '@/features/games/beer/localized-names';
import { sameTurn } from '@/features/games/beer/play-model';
import { firstAsTransition } from '@/lib/perf/first-as-transition';

/** How long a game and a facility document of different weeks wait for each other at most. */
const TURN_WAIT_MS = 2000;

/**
 * The beer game of its stored document. Default facility and product names come in the language
 * on screen (a French class sees "Détaillant"), custom ones as typed.
 */
export function useBeerGame(gid: string, data: DocData): BeerGameDoc {
  // `t` changes with the language, so a language switch renames the defaults at once.
  const { t } = useTranslation();
  return useMemo(() => {
    const translate = (key: string, n: number | undefined) =>
      String(t(key as 'game.defaults.facility.retailer', n === undefined ? {} : { n }));
    return localizeBeerGame(parseBeerGame(gid, data), translate);
  }, [gid, data, t]);
}

/** A facility's private document (its player, or those who see all). */
export function useFacilityDoc(gid: string, fid: string | null): Loaded<FacilityPrivate | null> {
  const key = `${gid}/${fid ?? ''}`;
  const [state, setState] = useState<{ key: string; loaded: Loaded<FacilityPrivate | null> }>({
    key,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    if (fid === null) return undefined;
    const show = firstAsTransition();
    return watchDoc(
      `${gamePath(gid)}/facilities/${fid}`,
      (snap) =>
        show(() =>
          setState({
            key,
            loaded: {
              status: 'ready',
              value: snap.exists ? parseFacilityPrivate(fid, snap.data) : null,
            },
          }),
        ),
      (error) => setState({ key, loaded: { status: 'error', error } }),
    );
  }, [gid, fid, key]);
  if (fid === null) return { status: 'ready', value: null };
  return state.key === key ? state.loaded : { status: 'loading' };
}

/**
 * The game document and the player's facility document as one turn: when a week turns, the two
 * listeners bring the new week one after the other, and the page would render twice (the new
 * week's number over the old figures, then the figures). Until both show the same week, the
 * previous pair is kept, so the page renders the turn once. A pair that stays apart (a document
 * not rewritten) is shown as it is after `TURN_WAIT_MS`.
 */
export function useTurn(
  data: DocData,
  facility: Loaded<FacilityPrivate | null>,
): { data: DocData; facility: Loaded<FacilityPrivate | null> } {
  const [shown, setShown] = useState({ data, facility });
  const [waitedFor, setWaitedFor] = useState<{ data: DocData; facility: unknown } | null>(null);
  const latest = shown.data === data && shown.facility === facility;
  const together =
    sameTurn(data, facility.status === 'ready' ? facility.value : null) ||
    (waitedFor?.data === data && waitedFor.facility === facility);
  // Adjusting state while rendering: React renders again at once, before anything is shown.
  if (!latest && together) setShown({ data, facility });
  useEffect(() => {
    if (together) return undefined;
    const timer = window.setTimeout(() => setWaitedFor({ data, facility }), TURN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [together, data, facility]);
  return latest || together ? { data, facility } : shown;
}

/** Every facility's private document (creator and observers). */
export function useAllFacilityDocs(
  gid: string,
  fids: readonly string[],
): Record<string, FacilityPrivate | undefined> {
  const joined = fids.join(',');
  const [docs, setDocs] = useState<Record<string, FacilityPrivate | undefined>>({});
  useEffect(() => {
    const ids = joined === '' ? [] : joined.split(',');
    const stops = ids.map((fid) =>
      watchDoc(
        `${gamePath(gid)}/facilities/${fid}`,
        (snap) =>
          setDocs((prev) => ({
            ...prev,
            [fid]: snap.exists ? parseFacilityPrivate(fid, snap.data) : undefined,
          })),
        () => setDocs((prev) => ({ ...prev, [fid]: undefined })),
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [gid, joined]);
  return docs;
}

function parseAll(docs: readonly { id: string; data: unknown }[]): SentMessage[] {
  return docs.flatMap((d) => parseSentMessage(d.id, d.data) ?? []);
}

/**
 * The messages the backend sent to a player, live: the broadcasts (`to == 'all'`, the query the
 * rules can prove) and its facility's inbox (docs/policy.md "Messages").
 */
/**
 * The same messages: a query's first answer, usually empty, and the live listener's repeat of it
 * would each render the whole play page again.
 */
function sameMessages(a: readonly SentMessage[], b: readonly SentMessage[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

export function usePlayerMessages(
  gid: string,
  fid: string,
): { broadcast: SentMessage[]; inbox: SentMessage[] } {
  const key = `${gid}/${fid}`;
  const [state, setState] = useState<{
    key: string;
    broadcast: SentMessage[];
    inbox: SentMessage[];
  }>({ key, broadcast: [], inbox: [] });
  useEffect(() => {
    const stopBroadcast = watchQuery(
      { collection: `${gamePath(gid)}/messages`, where: [{ field: 'to', op: '==', value: 'all' }] },
      (docs) =>
        setState((prev) => {
          const broadcast = parseAll(docs);
          if (prev.key === key && sameMessages(prev.broadcast, broadcast)) return prev;
          return { ...(prev.key === key ? prev : { key, inbox: [] }), broadcast };
        }),
      () => undefined,
    );
    const stopInbox = watchQuery(
      { collection: `${gamePath(gid)}/facilities/${fid}/inbox` },
      (docs) =>
        setState((prev) => {
          const inbox = parseAll(docs);
          if (prev.key === key && sameMessages(prev.inbox, inbox)) return prev;
          return { ...(prev.key === key ? prev : { key, broadcast: [] }), inbox };
        }),
      () => undefined,
    );
    return () => {
      stopBroadcast();
      stopInbox();
    };
  }, [gid, fid, key]);
  return state.key === key ? state : { broadcast: [], inbox: [] };
}
