/**
 * Beer games for handler tests on any backend: the creator writes a game as the SPA does, players
 * join through joinAs, and order through placeOrder, as the SPA does.
 */
import type { DataPort } from '@sim/core/port/data-port';
import type { TokenClaims } from '@sim/store/testing/emulator-token';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import { noTimer, type AdvanceResult } from '../../functions/src/beer/beer-game';
import * as joinAs from '../../functions/src/callables/join-as';
import * as placeOrder from '../../functions/src/callables/place-order';
import type { TestBackend } from '../backends';
import { FIXED_NOW, caller, context, withUnlimitedPlans } from './helpers';

export const CREATOR = { uid: 'cleo', email: 'cleo@school.edu' } as const;

export interface BeerFixtures {
  /** A client of this user under the access policy (one per uid). */
  clientOf(claims: TokenClaims): DataPort;
  service(): DataPort;
  ctxOf(uid: string, email?: string): ReturnType<typeof context>;
  creatorCtx(): ReturnType<typeof context>;
  /**
   * A published beer game (four roles unless `roles` says) written by the creator's client;
   * returns its id. `awaitPlayers`: it waits for its players, as a session's games do.
   */
  createGame(opts?: {
    timer?: number;
    session?: string;
    roles?: number;
    teamNumber?: number;
    awaitPlayers?: boolean;
  }): Promise<string>;
  /** Players `<gid prefix>-<fid>` in these roles. */
  withPlayers(gid: string, fids: readonly string[]): Promise<Record<string, string>>;
  /**
   * The player's order of `qty` for its facility's one capability, through placeOrder (as the
   * SPA's play page sends it): recorded, and the week turned when it was the last one.
   */
  placeOrder(
    gid: string,
    uid: string,
    fid: string,
    qty: number,
    week: number,
  ): Promise<AdvanceResult>;
}

const order = placeOrder.createHandler({ timer: noTimer });

export function beerFixtures(backend: () => TestBackend): BeerFixtures {
  const clients = new Map<string, DataPort>();
  const clientOf = (claims: TokenClaims): DataPort => {
    let c = clients.get(claims.uid);
    if (!c) {
      c = backend().as(claims);
      clients.set(claims.uid, c);
    }
    return c;
  };
  const service = (): DataPort => backend().service();
  const ctxOf = (uid: string, email?: string) => context(service(), caller(uid, email));
  let plans: Promise<void> | undefined;
  const creatorClient = () =>
    clientOf({ uid: CREATOR.uid, provider: 'password', email: CREATOR.email });

  return {
    clientOf,
    service,
    ctxOf,
    creatorCtx: () => ctxOf(CREATOR.uid, CREATOR.email),

    async createGame(opts = {}) {
      // These tests are about the game: its instructor's plan never refuses a player.
      plans ??= withUnlimitedPlans(service(), CREATOR.uid);
      await plans;
      const gid = service().docs.newId();
      const template = structuredClone(defaultBeerTemplate(opts.roles ?? 4));
      if (opts.timer) {
        template.config.params.timer = opts.timer;
        template.config.params.playTimer = true;
      }
      const docs = buildBeerGameDocs({
        gid,
        creator: CREATOR.uid,
        creatorName: 'Cleo',
        name: 'Class',
        template,
        now: FIXED_NOW,
        draft: false,
        ...(opts.session ? { session: opts.session } : {}),
        ...(opts.teamNumber !== undefined ? { roundNumber: 1, teamNumber: opts.teamNumber } : {}),
        ...(opts.awaitPlayers ? { awaitPlayers: true } : {}),
      });
      const c = creatorClient();
      await c.docs.set(`games/${gid}`, { ...docs.game });
      const batch = c.docs.batch();
      batch.set(`games/${gid}/private/params`, { ...docs.privateParams });
      for (const [fid, doc] of Object.entries(docs.facilities)) {
        batch.set(`games/${gid}/facilities/${fid}`, { ...doc });
      }
      await batch.commit();
      return gid;
    },

    async withPlayers(gid, fids) {
      const players: Record<string, string> = {};
      for (const fid of fids) {
        const uid = `${gid.slice(0, 6)}-${fid}`;
        await joinAs.handle(ctxOf(uid), { gid, roleId: fid, playerName: fid });
        players[fid] = uid;
      }
      return players;
    },

    placeOrder(gid, uid, fid, qty, week) {
      return order(ctxOf(uid), {
        gid,
        facility: fid,
        week,
        quantities: { [`${fid}-beer`]: qty },
      });
    },
  };
}
