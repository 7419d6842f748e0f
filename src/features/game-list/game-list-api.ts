/** The games list through the data port (spec §7 queries and writes). */
import { buildBeerGameDocs, configFromDocs, type BeerGameConfig } from '@sim/core/beer/game-docs';
import { buildLeanGameDocs, leanConfigFromDocs, resetLeanConfig } from '@sim/core/lean/game-docs';
import type { DocData, DocSnapshot, QuerySpec } from '@sim/core/port/data-port';
import { SESSION_DEFAULTS } from '@sim/core/templates/types';
import {
  copyNames,
  GAMES_PAGE_SIZE,
  mergedTemplate,
  resetBeerConfig,
  type GameListItem,
} from '@/features/game-list/game-list-model';
import { gameCreatedEvent, track } from '@/lib/analytics/events';
import { getDataPort } from '@/lib/data/port';

export interface GamesPage {
  readonly docs: DocSnapshot[];
  /** The last document, the cursor of the next page; null when this page was the last. */
  readonly cursor: DocSnapshot | null;
}

/**
 * One page of games by creator or team (spec §7): deleted false, archived in [false] or
 * [true, false], newest first, 40 a page.
 */
export async function loadGamesPage(
  by: { field: 'creator' | 'team'; value: string },
  showArchived: boolean,
  after: DocSnapshot | null,
): Promise<GamesPage> {
  const spec: QuerySpec = {
    collection: 'games',
    where: [
      { field: by.field, op: '==', value: by.value },
      { field: 'deleted', op: '==', value: false },
      { field: 'archived', op: 'in', value: showArchived ? [true, false] : [false] },
    ],
    orderBy: [{ field: 'created_at', direction: 'desc' }],
    limit: GAMES_PAGE_SIZE,
    ...(after ? { startAfter: after } : {}),
  };
  const docs = await getDataPort().docs.query(spec);
  return { docs, cursor: docs.length === GAMES_PAGE_SIZE ? (docs.at(-1) ?? null) : null };
}

/** The instructor's team id and the members' names (teams by memberIds, limit 1). */
export async function loadTeam(
  uid: string,
): Promise<{ id: string; names: Record<string, string> } | null> {
  const [team] = await getDataPort().docs.query({
    collection: 'teams',
    where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
    limit: 1,
  });
  if (!team?.data) return null;
  const names: Record<string, string> = {};
  const members = team.data['members'];
  if (typeof members === 'object' && members !== null) {
    for (const [id, m] of Object.entries(members as Record<string, unknown>)) {
      const name = (m as { name?: unknown } | null)?.name;
      if (typeof name === 'string') names[id] = name;
    }
  }
  return { id: team.id, names };
}

export async function setArchived(ids: readonly string[], archived: boolean): Promise<void> {
  const batch = getDataPort().docs.batch();
  for (const id of ids) batch.update(`games/${id}`, { archived });
  await batch.commit();
}

/** Deleted games are flagged (spec §4: hidden from lists). */
export async function deleteGames(ids: readonly string[]): Promise<void> {
  const batch = getDataPort().docs.batch();
  for (const id of ids) batch.update(`games/${id}`, { deleted: true });
  await batch.commit();
}

async function readGame(id: string): Promise<{ game: DocData; privateParams: DocData }> {
  const port = getDataPort();
  const [game, secret] = await Promise.all([
    port.docs.get(`games/${id}`),
    port.docs.get(`games/${id}/private/params`).catch(() => null),
  ]);
  if (!game.exists || !game.data) throw new Error(`game ${id} does not exist`);
  return { game: game.data, privateParams: secret?.data ?? {} };
}

export interface CopyOwner {
  readonly uid: string;
  readonly creatorName: string;
  readonly now: number;
}

/**
 * Copies a game `count` times (spec §4 reset rules, §5 naming). Beer copies are rebuilt from
 * the game's configuration, so stocks, backlogs, costs and revenues start again from the start
 * metrics. Two batches: the public documents first (the rules of a game's subcollections read
 * the stored game).
 */
export async function copyGame(
  item: GameListItem,
  count: number,
  name: string,
  owner: CopyOwner,
): Promise<string[]> {
  const port = getDataPort();
  const { game, privateParams } = await readGame(item.id);
  const names = copyNames(name.trim() || item.name, count);
  const publics = port.docs.batch();
  const details = port.docs.batch();
  const ids: string[] = [];
  names.forEach((copyName, i) => {
    const gid = port.docs.newId();
    ids.push(gid);
    // Copies of one batch get distinct times, in name order, within the 5 s window.
    const now = owner.now + i;
    if (item.type === 'beergame') {
      const config: BeerGameConfig = resetBeerConfig(configFromDocs(game, privateParams));
      const docs = buildBeerGameDocs({
        gid,
        creator: owner.uid,
        creatorName: owner.creatorName,
        name: copyName,
        team: item.team,
        now,
        template: { config },
      });
      publics.set(`games/${gid}`, docs.game as unknown as DocData);
      details.set(`games/${gid}/private/params`, docs.privateParams as unknown as DocData);
      for (const [fid, doc] of Object.entries(docs.facilities)) {
        details.set(`games/${gid}/facilities/${fid}`, doc as unknown as DocData);
      }
    } else {
      // Spec §4 lean copy (LEAN-RUN-6): no run, counters at zero, panel closed, no players; the
      // seed and the demand stay in private/params (docs/games/lean-documents.md).
      const docs = buildLeanGameDocs({
        gid,
        creator: owner.uid,
        creatorName: owner.creatorName,
        name: copyName,
        team: item.team,
        now,
        config: leanConfigFromDocs(game, privateParams),
        validate: false,
      });
      publics.set(`games/${gid}`, docs.game as unknown as DocData);
      details.set(`games/${gid}/private/params`, docs.privateParams as unknown as DocData);
    }
  });
  await publics.commit();
  await details.commit();
  track(gameCreatedEvent(item.type, 'copy', ids.length));
  return ids;
}

/** Merges games into a session template, one round per game (spec §5: title required). */
export async function mergeIntoTemplate(
  items: readonly GameListItem[],
  title: string,
  owner: { uid: string; team: string | null; now: number },
): Promise<string> {
  const rounds = await Promise.all(
    items.map(async (item) => {
      const { game, privateParams } = await readGame(item.id);
      const config =
        item.type === 'beergame'
          ? resetBeerConfig(configFromDocs(game, privateParams))
          : // The line itself (stations, positions, batches) and its demand are the round's
            // configuration.
            { type: 'leangame', ...resetLeanConfig(leanConfigFromDocs(game, privateParams)) };
      return { name: item.name, config };
    }),
  );
  const type = items[0]?.type ?? 'beergame';
  return getDataPort().docs.add(
    'sessionTemplates',
    mergedTemplate(
      title,
      type,
      rounds,
      { creator: owner.uid, team: owner.team, now: owner.now },
      {
        ...SESSION_DEFAULTS,
        allowAudioPlayer: [...SESSION_DEFAULTS.allowAudioPlayer],
      },
    ),
  );
}

/**
 * Saves one game as a game template (`templates`, spec §7 create template): its configuration
 * reset like a copy's (spec §4), so a game made from it starts afresh. The title is optional
 * (spec §5): the game's name by default.
 */
export async function saveGameAsTemplate(
  item: GameListItem,
  title: string,
  owner: { uid: string; team: string | null; now: number },
): Promise<string> {
  const { game, privateParams } = await readGame(item.id);
  const config =
    item.type === 'beergame'
      ? resetBeerConfig(configFromDocs(game, privateParams))
      : { type: 'leangame', ...resetLeanConfig(leanConfigFromDocs(game, privateParams)) };
  return getDataPort().docs.add('templates', {
    title: title.trim() || item.name,
    type: item.type,
    description: '',
    creator: owner.uid,
    team: owner.team,
    created_at: owner.now,
    config: JSON.parse(JSON.stringify(config)) as DocData,
  });
}
