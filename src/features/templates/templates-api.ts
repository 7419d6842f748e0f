/** Saved templates and games made from templates, through the data port (spec §7). */
import { buildBeerGameDocs, type BeerGameConfig } from '@sim/core/beer/game-docs';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import type { DocData, Unsubscribe } from '@sim/core/port/data-port';
import type { GameConfig, GameType, LeanGameConfig } from '@sim/core/templates/types';
import type { SavedDoc, TemplateKind } from '@/features/templates/templates-model';
import { gameCreatedEvent, track } from '@/lib/analytics/events';
import { getDataPort } from '@/lib/data/port';

export function collectionOf(kind: TemplateKind): 'templates' | 'sessionTemplates' {
  return kind === 'game' ? 'templates' : 'sessionTemplates';
}

/**
 * The saved templates of one kind: the user's own (by creator) and, in a team, the team's (by
 * team), live. `next` gets both lists concatenated (a template may be in both).
 */
export function watchSavedTemplates(
  kind: TemplateKind,
  uid: string,
  teamId: string | null,
  next: (docs: SavedDoc[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  const collection = collectionOf(kind);
  let mine: SavedDoc[] = [];
  let team: SavedDoc[] = [];
  const emit = () => next([...mine, ...team]);
  const toDocs = (docs: readonly { id: string; data: DocData | undefined }[]) =>
    docs.map((d) => ({ id: d.id, data: d.data ?? {} }));
  const stops = [
    getDataPort().docs.onQuery(
      { collection, where: [{ field: 'creator', op: '==', value: uid }] },
      (snap) => {
        mine = toDocs(snap.docs);
        emit();
      },
      onError,
    ),
  ];
  if (teamId) {
    stops.push(
      getDataPort().docs.onQuery(
        { collection, where: [{ field: 'team', op: '==', value: teamId }] },
        (snap) => {
          team = toDocs(snap.docs);
          emit();
        },
        onError,
      ),
    );
  }
  return () => stops.forEach((stop) => stop());
}

export async function deleteSavedTemplate(kind: TemplateKind, id: string): Promise<void> {
  await getDataPort().docs.delete(`${collectionOf(kind)}/${id}`);
}

export interface NewGameOwner {
  readonly uid: string;
  readonly creatorName: string;
  readonly team: string | null;
}

/**
 * Creates a game from a template's config. Games are built by `buildBeerGameDocs` /
 * `buildLeanGameDocs` like the games list's copies and a session's rounds: the public game
 * document first, then its private documents (their rules read the stored game). Returns the new
 * game's id.
 */
export async function createGameFromTemplate(
  template: { readonly type: GameType; readonly config: GameConfig },
  name: string,
  owner: NewGameOwner,
): Promise<string> {
  const port = getDataPort();
  const gid = port.docs.newId();
  const now = Date.now();
  const common = {
    creator: owner.uid,
    creatorName: owner.creatorName,
    name,
    team: owner.team,
  };
  if (template.type === 'leangame') {
    // The seed and the demand go to private/params, which players never read
    // (docs/games/lean-documents.md).
    const docs = buildLeanGameDocs({
      gid,
      ...common,
      now,
      config: template.config as LeanGameConfig,
    });
    await port.docs.set(`games/${gid}`, docs.game as unknown as DocData);
    await port.docs.set(`games/${gid}/private/params`, docs.privateParams as unknown as DocData);
    track(gameCreatedEvent('leangame', 'template'));
    return gid;
  }
  const docs = buildBeerGameDocs({
    gid,
    ...common,
    now,
    template: { config: template.config as BeerGameConfig },
  });
  await port.docs.set(`games/${gid}`, docs.game as unknown as DocData);
  const details = port.docs.batch();
  details.set(`games/${gid}/private/params`, docs.privateParams as unknown as DocData);
  for (const [fid, doc] of Object.entries(docs.facilities)) {
    details.set(`games/${gid}/facilities/${fid}`, doc as unknown as DocData);
  }
  await details.commit();
  track(gameCreatedEvent('beergame', 'template'));
  return gid;
}
