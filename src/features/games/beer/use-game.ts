/** Live documents of a beer game (listeners through the data port). */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortError } from '@sim/core/port/data-port';
import { gamePath, watchDoc, watchQuery } from '@/features/games/beer/beer-api';
import {
  type BeerGameDoc,
  type FacilityPrivate,
  parseBeerGame,
  parseFacilityPrivate,
  parseSentMessage,
  type SentMessage,
} from '@/features/games/beer/game-model';
import { localizeBeerGame } from '@/features/games/beer/localized-names';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: PortError };

/**
 * The public game document; `value` is null when it does not exist. Default facility and product
 * names come in the language on screen (a French class sees "Détaillant"), custom ones as typed.
 */
export function useGameDoc(gid: string): Loaded<BeerGameDoc | null> {
  const loaded = useStoredGameDoc(gid);
  // `t` changes with the language, so a language switch renames the defaults at once.
  const { t } = useTranslation();
  return useMemo(() => {
    if (loaded.status !== 'ready' || loaded.value === null) return loaded;
    const translate = (key: string, n: number | undefined) =>
      String(t(key as 'game.defaults.facility.retailer', n === undefined ? {} : { n }));
    return { status: 'ready', value: localizeBeerGame(loaded.value, translate) };
  }, [loaded, t]);
}

/** The public game document as stored. */
function useStoredGameDoc(gid: string): Loaded<BeerGameDoc | null> {
  const [state, setState] = useState<{ gid: string; loaded: Loaded<BeerGameDoc | null> }>({
    gid,
    loaded: { status: 'loading' },
  });
  useEffect(
    () =>
      watchDoc(
        gamePath(gid),
        (snap) =>
          setState({
            gid,
            loaded: { status: 'ready', value: snap.exists ? parseBeerGame(gid, snap.data) : null },
          }),
        (error) => setState({ gid, loaded: { status: 'error', error } }),
      ),
    [gid],
  );
  return state.gid === gid ? state.loaded : { status: 'loading' };
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
    return watchDoc(
      `${gamePath(gid)}/facilities/${fid}`,
      (snap) =>
        setState({
          key,
          loaded: {
            status: 'ready',
            value: snap.exists ? parseFacilityPrivate(fid, snap.data) : null,
          },
        }),
      (error) => setState({ key, loaded: { status: 'error', error } }),
    );
  }, [gid, fid, key]);
  if (fid === null) return { status: 'ready', value: null };
  return state.key === key ? state.loaded : { status: 'loading' };
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

/** The current time, refreshed every second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    // At once too: `now` may date from long before (a timer started after the page opened).
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, [active]);
  return now;
}

function parseAll(docs: readonly { id: string; data: unknown }[]): SentMessage[] {
  return docs.flatMap((d) => parseSentMessage(d.id, d.data) ?? []);
}

/**
 * The messages the backend sent to a player, live: the broadcasts (`to == 'all'`, the query the
 * rules can prove) and its facility's inbox (docs/policy.md "Messages").
 */
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
        setState((prev) => ({
          ...(prev.key === key ? prev : { key, inbox: [] }),
          broadcast: parseAll(docs),
        })),
      () => undefined,
    );
    const stopInbox = watchQuery(
      { collection: `${gamePath(gid)}/facilities/${fid}/inbox` },
      (docs) =>
        setState((prev) => ({
          ...(prev.key === key ? prev : { key, broadcast: [] }),
          inbox: parseAll(docs),
        })),
      () => undefined,
    );
    return () => {
      stopBroadcast();
      stopInbox();
    };
  }, [gid, fid, key]);
  return state.key === key ? state : { broadcast: [], inbox: [] };
}
