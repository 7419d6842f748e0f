/**
 * Default game and session templates (spec §3 template / sessionTemplate, §9 "13 default templates
 * and 12 session templates are loaded"). Templates are versioned data: when a default template
 * changes, its `version` goes up, so a game or session records which version it was made from.
 */

export type GameType = 'beergame' | 'leangame';

/** Spec §9: map sizes 2-4 facilities 3x3, 5-6 3x5, 7-8 3x7 (rows x columns). */
export interface MapSize {
  readonly rows: number;
  readonly cols: number;
}

/** The public definition and start values of a beer facility, as stored in a template. */
export interface BeerFacilityConfig {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly icon: string;
  readonly visual: string;
  readonly position: readonly [number, number];
  readonly clients?: readonly string[];
  readonly pdata: Readonly<Record<string, Readonly<Record<string, number | boolean>>>>;
  readonly capabilities: Readonly<
    Record<
      string,
      {
        readonly pid: string;
        readonly type: 'purchase' | 'production';
        readonly from?: string;
        readonly [field: string]: unknown;
      }
    >
  >;
}

export interface BeerGameConfig {
  readonly type: 'beergame';
  readonly params: {
    readonly weeks: number;
    readonly transparent: boolean;
    readonly timer: number;
    readonly playTimer: boolean;
    readonly forcedOrderWeeks: number;
    readonly seed: number;
    readonly mapSize: MapSize;
    readonly consumerDemand: unknown;
    readonly productsConsumerDemand?: Readonly<Record<string, unknown>>;
    readonly productsTemplates: Readonly<
      Record<string, { readonly name: string; readonly productEmoji: string }>
    >;
    readonly [field: string]: unknown;
  };
  readonly facilities: Readonly<Record<string, BeerFacilityConfig>>;
}

/** Lean templates are minimal until the lean core exists: its parameters only. */
export interface LeanGameConfig {
  readonly type: 'leangame';
  readonly params: {
    readonly consumerDemandParams: { readonly visibility: boolean; readonly totalDuration: number };
    readonly moveCellTime: number;
    readonly improvements: readonly string[];
    readonly productsTemplates: Readonly<
      Record<string, { readonly shape: string; readonly color: string }>
    >;
  };
  readonly facilities: Readonly<Record<string, unknown>>;
}

export type GameConfig = BeerGameConfig | LeanGameConfig;

export interface GameTemplate {
  readonly id: string;
  readonly version: number;
  readonly title: string;
  readonly type: GameType;
  readonly description: string;
  readonly config: GameConfig;
}

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
