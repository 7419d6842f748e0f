/**
 * Lean games for handler tests on any backend: the creator writes a game as the SPA does (the
 * public document, then `private/params`, from its own client under the access policy), players
 * join through joinAs, and the calls run with a clock the test moves.
 */
import type { DataPort } from '@sim/core/port/data-port';
import type { TokenClaims } from '@sim/store/testing/emulator-token';
import { carsAndTrucks, type CarsAndTrucksVariant } from '@sim/core/lean/cars-and-trucks';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import type { LeanGameInput } from '@sim/core/lean/model';
import type { CallableContext } from '../../functions/src/callable';
import * as joinAs from '../../functions/src/callables/join-as';
import type { LeanTickPayload, LeanTicker } from '../../functions/src/lean/lean-game';
import type { TestBackend } from '../backends';
import { FIXED_NOW, caller, withUnlimitedPlans } from './helpers';

export const LEAN_CREATOR = { uid: 'lena', email: 'lena@school.edu' } as const;

/** A clock the test moves; every context made by the fixtures reads it. */
export interface TestClock {
  now: number;
  advance(ms: number): number;
}

export function testClock(start = FIXED_NOW): TestClock {
  const clock: TestClock = {
    now: start,
    advance(ms) {
      clock.now += ms;
      return clock.now;
    },
  };
  return clock;
}

/** A ticker that records what it schedules. */
export function recordingTicker(): LeanTicker & { readonly ticks: LeanTickPayload[] } {
  const ticks: LeanTickPayload[] = [];
  return {
    ticks,
    schedule(payload) {
      ticks.push(payload);
      return Promise.resolve();
    },
  };
}

export interface LeanFixtures {
  readonly clock: TestClock;
  clientOf(claims: TokenClaims): DataPort;
  service(): DataPort;
  ctxOf(uid: string, email?: string): CallableContext;
  creatorCtx(): CallableContext;
  /** A published lean game written by the creator's client; returns its id. */
  createGame(opts?: {
    variant?: CarsAndTrucksVariant;
    config?: LeanGameInput;
    session?: string;
  }): Promise<string>;
  /** Players `<gid prefix>-<fid>` in these facilities. */
  withPlayers(gid: string, fids: readonly string[]): Promise<Record<string, string>>;
}

export function leanFixtures(backend: () => TestBackend): LeanFixtures {
  const clock = testClock();
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
  let plans: Promise<void> | undefined;
  const ctxOf = (uid: string, email?: string): CallableContext => ({
    auth: caller(uid, email),
    port: service(),
    now: () => clock.now,
  });
  return {
    clock,
    clientOf,
    service,
    ctxOf,
    creatorCtx: () => ctxOf(LEAN_CREATOR.uid, LEAN_CREATOR.email),

    async createGame(opts = {}) {
      // These tests are about the game: its instructor's plan never refuses a player.
      plans ??= withUnlimitedPlans(service(), LEAN_CREATOR.uid);
      await plans;
      const gid = service().docs.newId();
      const docs = buildLeanGameDocs({
        gid,
        creator: LEAN_CREATOR.uid,
        creatorName: 'Lena',
        name: 'Line',
        config: opts.config ?? carsAndTrucks(opts.variant ?? {}),
        now: clock.now,
        ...(opts.session ? { session: opts.session } : {}),
      });
      const c = clientOf({
        uid: LEAN_CREATOR.uid,
        provider: 'password',
        email: LEAN_CREATOR.email,
      });
      await c.docs.set(`games/${gid}`, { ...docs.game });
      await c.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });
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
  };
}
