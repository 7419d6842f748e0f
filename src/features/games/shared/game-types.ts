/**
 * What a game type gives the shared game pages: its screens, keyed by page, and how it shows a
 * stored facility name. The registry of every game type (`src/features/games/game-types.ts`) maps
 * the game document's `type` to one of these; a screen a type does not give yet shows the shared
 * parts with a notice instead.
 */
import type { ComponentType } from 'react';
import type { DocData } from '@sim/core/port/data-port';
import type { GameRole, SharedGame } from '@/features/games/shared/game-model';
import type { GameUser } from '@/features/games/shared/game-user';
import { ownEntry } from '@/lib/own';

export type GameView = 'intro' | 'play' | 'results' | 'debrief';

export interface GameScreenProps {
  /** The part every game has, default facility names in the language on screen. */
  readonly game: SharedGame;
  /** The stored game document, live, for the game type's own parser. */
  readonly data: DocData;
  readonly role: GameRole;
  readonly user: GameUser | null;
}

export interface IntroScreenProps extends GameScreenProps {
  /** The profile's or the lobby's player name, proposed when joining. */
  readonly defaultPlayerName: string;
  /** The profile's answer to "show my name on the leaderboard", proposed when joining. */
  readonly defaultShowName: boolean;
  readonly signInAnonymously: () => Promise<GameUser>;
}

export interface DebriefScreenProps extends GameScreenProps {
  readonly page: 'results' | 'debrief';
}

export interface EditorScreenProps {
  /** Absent: a new game. */
  readonly gameId?: string;
  readonly uid: string;
  readonly creatorName: string;
}

/** A screen, which may start loading before the game is read (a lazily loaded page). */
export type GameScreen<P> = ComponentType<P> & { readonly preload?: () => Promise<void> };

export interface GameScreens {
  readonly intro?: GameScreen<IntroScreenProps>;
  /** A player's page. */
  readonly play?: GameScreen<GameScreenProps>;
  /** The play page of the creator and the observers. */
  readonly follow?: GameScreen<GameScreenProps>;
  readonly results?: GameScreen<DebriefScreenProps>;
  readonly debrief?: GameScreen<DebriefScreenProps>;
  readonly editor?: GameScreen<EditorScreenProps>;
}

/** `t` for the default names: the full key and an optional count. */
export type NameTranslator = (fullKey: string, n: number | undefined) => string;

export interface GameType {
  /** A stored facility name as shown: a template default in the language on screen, else as typed. */
  readonly facilityName: (name: string, translate: NameTranslator) => string;
  readonly screens: GameScreens;
}

/** Game types by the game document's `type`. */
export type GameTypes = Readonly<Record<string, GameType>>;

/** The registered game type of a document's `type`, or null (the game is then unknown). */
export function gameTypeOf(types: GameTypes, type: string): GameType | null {
  return ownEntry(types, type) ?? null;
}
