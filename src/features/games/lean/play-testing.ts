/**
 * Lean games for the play screens' tests: the Cars and Trucks line as the stored documents give
 * it to the screens, and its runs played by the core, so every view a test reads is one the
 * backend would write.
 */
import { carsAndTrucks, type CarsAndTrucksVariant } from '@sim/core/lean/cars-and-trucks';
import { advanceTo, applyAction, startRun } from '@sim/core/lean/engine';
import { buildLeanGameDocs, type LeanGameDoc } from '@sim/core/lean/game-docs';
import {
  ms,
  normalizeLeanGame,
  type LeanAction,
  type LeanGameInput,
  type LeanState,
} from '@sim/core/lean/model';
import { parseSharedGame } from '@/features/games/shared/game-model';
import { parseLeanGame, type LeanScreenGame } from '@/features/games/lean/lean-game-model';

export interface TestGame {
  config: LeanGameInput;
  doc: LeanGameDoc;
  game: LeanScreenGame;
}

/** The public game document of a Cars and Trucks line, as the screens parse it. */
export function testGame(
  variant: CarsAndTrucksVariant = {},
  over: (doc: LeanGameDoc) => LeanGameDoc = (d) => d,
): TestGame {
  const config = carsAndTrucks(variant);
  const built = buildLeanGameDocs({
    gid: 'g1',
    creator: 'teacher',
    creatorName: 'Ada',
    name: 'Lean class',
    config,
    now: 1000,
  });
  const doc = over(built.game);
  const data = doc as unknown as Record<string, unknown>;
  return { config, doc, game: parseLeanGame(parseSharedGame('g1', data), data) };
}

/** A run of the line with `humans` played by people (the others by the computer). */
export function testRun(config: LeanGameInput, humans: readonly string[]): LeanState {
  const game = normalizeLeanGame(config);
  return startRun(
    game,
    game.facilities.filter((f) => !humans.includes(f.id)).map((f) => f.id),
  );
}

/** A player's action without its time, each kind with its own fields. */
export type TimelessAction = LeanAction extends infer A
  ? A extends LeanAction
    ? Omit<A, 'at'>
    : never
  : never;

/** Advances to `minute`, then applies the action; throws when the core refuses it. */
export function act(state: LeanState, minute: number, action: TimelessAction): LeanState {
  const out = applyAction(state, { ...action, at: ms(minute) } as LeanAction);
  if (out.issue !== undefined) throw new Error(`refused: ${out.issue}`);
  return out.state;
}

export function at(state: LeanState, minute: number): LeanState {
  return advanceTo(state, ms(minute));
}
