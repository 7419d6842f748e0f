import { describe, expect, it } from 'vitest';
import {
  acceptStartedJoin,
  awaitsAcceptedJoin,
  joinShown,
  setStartedJoin,
  startedJoin,
  type StartedJoin,
} from '@/features/games/shared/started-joins';

const game = {
  players: ['ana'],
  observers: ['obs'],
  facilities: [{ user: 'ana' }, { user: null }],
};

const join = (roleId: string, uid: string | null): StartedJoin => ({
  roleId,
  uid,
  accepted: false,
});

describe('joinShown', () => {
  it('is shown once the game seats the signed-in user', () => {
    expect(joinShown(join('retailer', 'ana'), 'ana', game)).toBe(true);
    expect(joinShown(join('retailer', 'bob'), 'bob', game)).toBe(false);
  });

  it('takes the signed-in user for a visitor who signed in after the click', () => {
    expect(joinShown(join('retailer', null), 'ana', game)).toBe(true);
    expect(joinShown(join('retailer', null), null, game)).toBe(false);
  });

  it('is not shown for another user than the one who joined', () => {
    expect(joinShown(join('retailer', 'bob'), 'ana', game)).toBe(false);
  });

  it('needs both the seat and the player list', () => {
    expect(joinShown(join('retailer', 'ana'), 'ana', { ...game, players: [] })).toBe(false);
    expect(
      joinShown(join('retailer', 'ana'), 'ana', { ...game, facilities: [{ user: null }] }),
    ).toBe(false);
  });

  it('shows an observer among the observers', () => {
    expect(joinShown(join('observer', 'obs'), 'obs', game)).toBe(true);
    expect(joinShown(join('observer', 'ana'), 'ana', game)).toBe(false);
  });

  it('is not shown without a started join', () => {
    expect(joinShown(null, 'ana', game)).toBe(false);
  });
});

describe('acceptStartedJoin', () => {
  it('marks a started join accepted', () => {
    setStartedJoin('g1', join('retailer', 'ana'));
    acceptStartedJoin('g1');
    expect(startedJoin('g1')).toEqual({ roleId: 'retailer', uid: 'ana', accepted: true });
    setStartedJoin('g1', null);
  });

  it('does not bring back a join whose play page has opened', () => {
    setStartedJoin('g2', join('retailer', 'ana'));
    setStartedJoin('g2', null);
    acceptStartedJoin('g2');
    expect(startedJoin('g2')).toBeNull();
  });
});

describe('awaitsAcceptedJoin', () => {
  const accepted = (uid: string | null): StartedJoin => ({
    roleId: 'retailer',
    uid,
    accepted: true,
  });

  it('waits for a join the backend accepted until the game seats the user', () => {
    expect(awaitsAcceptedJoin(accepted('ana'), 'ana', false)).toBe(true);
    expect(awaitsAcceptedJoin(accepted('ana'), 'ana', true)).toBe(false);
  });

  it('waits while the signed-in user has not reached the app, or for a visitor who signed in after the click', () => {
    expect(awaitsAcceptedJoin(accepted('ana'), null, false)).toBe(true);
    expect(awaitsAcceptedJoin(accepted(null), 'ana', false)).toBe(true);
  });

  it('does not wait for a join not yet accepted, another user’s, or none', () => {
    expect(awaitsAcceptedJoin(join('retailer', 'ana'), 'ana', false)).toBe(false);
    expect(awaitsAcceptedJoin(accepted('bob'), 'ana', false)).toBe(false);
    expect(awaitsAcceptedJoin(null, 'ana', false)).toBe(false);
  });
});
