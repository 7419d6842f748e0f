/**
 * The cadence of a lean run's flushes on both backends (decision 0012): a tick that finds the
 * last flush, made by a player's action, less than FLUSH_MS old waits until it is due and
 * flushes then, instead of leaving the shared documents a whole tick interval behind.
 */
import { expect, it } from 'vitest';
import type { DocData } from '@sim/core/port/data-port';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as leanAction from '../../functions/src/callables/lean-action';
import { FLUSH_MS, TICK_MS } from '../../functions/src/lean/lean-game';
import { handleLeanTick } from '../../functions/src/tasks/lean-tick';
import { describeBackends } from '../backends';
import { leanFixtures, recordingTicker } from './lean-fixtures';

describeBackends('lean: the flush cadence of the ticks', (backend) => {
  const f = leanFixtures(backend);
  const ticker = recordingTicker();
  const start = turn.createLeanHandler({ ticker });

  it('a tick just after an action’s flush waits until the next flush is due, then flushes', async () => {
    const gid = await f.createGame({ variant: { compact: true } });
    const players = await f.withPlayers(gid, ['warehouse']);
    const before = ticker.ticks.length;
    await start(f.creatorCtx(), { gid, type: 'leangame' });
    const [chainTick] = ticker.ticks.slice(before);
    const port = f.service();
    const flushedAt = async () =>
      ((await port.docs.get(`games/${gid}/private/state`)).data as DocData).updated_at;
    // The action finds the start's flush more than a second old: it flushes itself.
    const acted = f.clock.advance(1500);
    await leanAction.handle(f.ctxOf(players.warehouse!), {
      gid,
      fid: 'warehouse',
      action: { kind: 'launch', order: 0 },
    });
    expect(await flushedAt()).toBe(acted);
    const slept: number[] = [];
    const deps = {
      port,
      clock: () => f.clock.now,
      ticker,
      sleep: (ms: number) => {
        slept.push(ms);
        f.clock.advance(ms);
        return Promise.resolve();
      },
    };
    f.clock.advance(600);
    expect(await handleLeanTick(deps, { ...chainTick!, at: f.clock.now })).toBe('flushed');
    expect(slept).toEqual([FLUSH_MS - 600]);
    expect(await flushedAt()).toBe(acted + FLUSH_MS);
    // A flush due later than a tick interval is left to the next tick.
    expect(await handleLeanTick(deps, { ...chainTick!, at: f.clock.now })).toBe('fresh');
    expect(slept).toHaveLength(1);
    expect(TICK_MS).toBeLessThanOrEqual(FLUSH_MS);
  });
});
