/**
 * Beer games written straight into the data store with the documents a published game has, so
 * that end-to-end tests and benchmarks start from one without going through the editor.
 */
import {
  buildBeerGameDocs,
  defaultBeerTemplate,
  type BeerGameDocs,
} from '@sim/core/beer/game-docs';
import type { DataPort } from '@sim/core/port/data-port';

/**
 * Writes a built game: its document, with the facilities in `computer` played by the computer,
 * then its private parameters and facility documents in one batch. `docs` is left as it was.
 */
export async function writeBeerGame(
  port: DataPort,
  docs: BeerGameDocs,
  computer: readonly string[] = [],
): Promise<void> {
  const gid = docs.game.id;
  const game = structuredClone(docs.game);
  for (const fid of computer) {
    const f = game.facilities[fid];
    if (f) f.computer = true;
  }
  await port.docs.set(`games/${gid}`, { ...game });
  const batch = port.docs.batch();
  batch.set(`games/${gid}/private/params`, { ...docs.privateParams });
  for (const [fid, d] of Object.entries(docs.facilities)) {
    batch.set(`games/${gid}/facilities/${fid}`, { ...d });
  }
  await batch.commit();
}

/**
 * A published beer game written as the backend writes it: its document, private parameters and
 * facility documents. The roles in `computer` are the computer's, so a player's order turns the
 * week alone.
 */
export async function seedBeerGame(
  port: DataPort,
  options: {
    readonly name: string;
    readonly creator: string;
    /** The chain's length: 2 is the retailer and the factory, 4 the whole beer chain. */
    readonly roles: number;
    readonly computer?: readonly string[];
    readonly transparent?: boolean;
    readonly weeks?: number;
  },
): Promise<string> {
  const gid = port.docs.newId();
  const template = structuredClone(defaultBeerTemplate(options.roles));
  if (options.transparent !== undefined) template.config.params.transparent = options.transparent;
  if (options.weeks !== undefined) template.config.params.weeks = options.weeks;
  const docs = buildBeerGameDocs({
    gid,
    creator: options.creator,
    creatorName: 'Instructor',
    name: options.name,
    template,
    now: Date.now(),
    draft: false,
  });
  await writeBeerGame(port, docs, options.computer);
  return gid;
}
