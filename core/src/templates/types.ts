/**
 * Default game and session templates (spec §3 template / sessionTemplate, §9 "13 default templates
 * and 12 session templates are loaded"). Templates are versioned data: when a default template
 * changes, its `version` goes up, so a game or session records which version it was made from.
 */

import type { BeerGameConfig } from '../beer/game-docs';
import type { LeanGameInput } from '../lean/model';

export type GameType = 'beergame' | 'leangame';

/**
 * A lean template's config: the lean game's input documents (`params` and `facilities`, design
 * B.17), tagged with its type.
 */
export type LeanGameConfig = LeanGameInput & { readonly type: 'leangame' };

interface TemplateBase {
  readonly id: string;
  readonly version: number;
  readonly title: string;
  readonly description: string;
}

/** A beer template's config is the beer documents module's `BeerGameConfig`. */
export interface BeerGameTemplate extends TemplateBase {
  readonly type: 'beergame';
  readonly config: BeerGameConfig;
}

export interface LeanGameTemplate extends TemplateBase {
  readonly type: 'leangame';
  readonly config: LeanGameConfig;
}

export type GameTemplate = BeerGameTemplate | LeanGameTemplate;
export type GameConfig = BeerGameConfig | LeanGameConfig;

/** A game config with the type it belongs to (a round of a session, a game to create). */
export type TypedGameConfig =
  | { readonly type: 'beergame'; readonly config: BeerGameConfig }
  | { readonly type: 'leangame'; readonly config: LeanGameConfig };

export type TeamComposition = 'maintainall' | 'random' | 'nolobby';
export type InstructionsMode = 'hostvideo-playerslides' | 'hostslides' | 'none';
export type DebriefingMode = 'access' | 'noaccess';
export type AudioListener = 'instructor' | 'player';

/** The session settings of spec §3 that a session template sets. */
export interface SessionSettings {
  readonly teamComposition: TeamComposition;
  readonly instructionsMode: InstructionsMode;
  readonly debriefingMode: DebriefingMode;
  readonly allowAudioPlayer: readonly AudioListener[];
  readonly allowJoinRandom: boolean;
  readonly allowLanguagePicker: boolean;
  readonly allowPlayerReset: boolean;
  /** Number of teams the lobby offers. */
  readonly teamCount: number;
}

export interface RoundTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The id of the game template the round's game config was taken from. */
  readonly gameTemplateId: string;
  readonly config: GameConfig;
}

export interface SessionTemplate {
  readonly id: string;
  readonly version: number;
  readonly title: string;
  readonly type: GameType;
  readonly description: string;
  /** Offered only to users whose `features` include `advancedModelBeta`. */
  readonly advanced?: true;
  readonly config: SessionSettings;
  readonly rounds: readonly RoundTemplate[];
}

/** Spec §9 session template defaults. */
export const SESSION_DEFAULTS: SessionSettings = {
  teamComposition: 'maintainall',
  instructionsMode: 'hostvideo-playerslides',
  debriefingMode: 'access',
  allowAudioPlayer: ['instructor'],
  allowJoinRandom: true,
  allowLanguagePicker: true,
  allowPlayerReset: false,
  teamCount: 2,
};
