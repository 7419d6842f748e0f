/**
 * The templates tab (spec §3 template / sessionTemplate, §6 teammates see others' templates):
 * the default templates of `@sim/core/templates` and the saved ones of the `templates` and
 * `sessionTemplates` collections, as cards.
 */
import type { DocData } from '@sim/core/port/data-port';
import type {
  GameConfig,
  GameTemplate,
  GameType,
  SessionTemplate,
} from '@sim/core/templates/types';
import { SESSION_DEFAULTS } from '@sim/core/templates/types';
import { ownEntry } from '@/lib/own';

export type TemplateKind = 'game' | 'session';
/** Default (shipped with the app), the user's own, or a teammate's. */
export type TemplateSource = 'default' | 'mine' | 'team';

/** A saved game template as stored in `templates/{id}`. */
export interface SavedGameTemplate {
  readonly id: string;
  readonly type: GameType;
  readonly title: string;
  readonly description: string;
  readonly creator: string;
  readonly created_at: number;
  readonly config: GameConfig;
}

export interface TemplateCard {
  /** Unique within the tab: source and id. */
  readonly key: string;
  readonly kind: TemplateKind;
  readonly source: TemplateSource;
  readonly type: GameType;
  /** A default template's title and description are locale keys (`templates.game.<id>.title`). */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** For a teammate's template: the teammate's name. */
  readonly ownerName?: string;
  readonly created_at: number;
  readonly game?: { readonly type: GameType; readonly config: GameConfig; readonly title: string };
  readonly session?: SessionTemplate;
}

function str(data: DocData, field: string): string {
  const v = data[field];
  return typeof v === 'string' ? v : '';
}

function gameType(value: unknown): GameType | null {
  return value === 'beergame' || value === 'leangame' ? value : null;
}

/** A stored game template, or null when it lacks a type or a config. */
export function parseSavedGameTemplate(id: string, data: DocData): SavedGameTemplate | null {
  const type = gameType(data['type']);
  const config = data['config'];
  if (!type || typeof config !== 'object' || config === null) return null;
  return {
    id,
    type,
    title: str(data, 'title') || id,
    description: str(data, 'description'),
    creator: str(data, 'creator'),
    created_at: typeof data['created_at'] === 'number' ? data['created_at'] : 0,
    config: config as GameConfig,
  };
}

/**
 * A stored session template as a `SessionTemplate` (settings completed with the spec's defaults),
 * or null when it has no round.
 */
export function parseSavedSessionTemplate(id: string, data: DocData): SessionTemplate | null {
  const type = gameType(data['type']);
  const rounds = data['rounds'];
  if (!type || !Array.isArray(rounds) || rounds.length === 0) return null;
  const config =
    typeof data['config'] === 'object' && data['config'] !== null ? data['config'] : {};
  const version = data['version'];
  return {
    id,
    version: typeof version === 'number' ? version : 1,
    title: str(data, 'title') || id,
    type,
    description: str(data, 'description'),
    config: { ...SESSION_DEFAULTS, ...(config as Partial<SessionTemplate['config']>) },
    rounds: rounds.map((r: unknown, i) => {
      const round = (typeof r === 'object' && r !== null ? r : {}) as DocData;
      return {
        id: str(round, 'id') || `r${i + 1}`,
        name: str(round, 'name'),
        description: str(round, 'description'),
        gameTemplateId: str(round, 'gameTemplateId'),
        config: (round['config'] ?? {}) as GameConfig,
      };
    }),
  };
}

function sourceOf(creator: string, uid: string): TemplateSource {
  return creator === uid ? 'mine' : 'team';
}

export interface SavedDoc {
  readonly id: string;
  readonly data: DocData;
}

/**
 * All cards of one kind: saved templates first (own and teammates', newest first, each once even
 * when both queries return it), then the defaults in their shipped order.
 */
export function templateCards(args: {
  readonly kind: TemplateKind;
  readonly uid: string;
  readonly defaults: readonly (GameTemplate | SessionTemplate)[];
  readonly saved: readonly SavedDoc[];
  readonly memberNames: Readonly<Record<string, string>>;
}): TemplateCard[] {
  const seen = new Set<string>();
  const saved: TemplateCard[] = [];
  for (const doc of args.saved) {
    if (seen.has(doc.id)) continue;
    seen.add(doc.id);
    const creator = str(doc.data, 'creator');
    const source = sourceOf(creator, args.uid);
    const ownerName = source === 'team' ? (ownEntry(args.memberNames, creator) ?? '') : undefined;
    const created_at = typeof doc.data['created_at'] === 'number' ? doc.data['created_at'] : 0;
    if (args.kind === 'game') {
      const t = parseSavedGameTemplate(doc.id, doc.data);
      if (!t) continue;
      saved.push({
        key: `${source}:${t.id}`,
        kind: 'game',
        source,
        type: t.type,
        id: t.id,
        title: t.title,
        description: t.description,
        created_at,
        game: { type: t.type, config: t.config, title: t.title },
        ...(ownerName !== undefined ? { ownerName } : {}),
      });
    } else {
      const t = parseSavedSessionTemplate(doc.id, doc.data);
      if (!t) continue;
      saved.push({
        key: `${source}:${t.id}`,
        kind: 'session',
        source,
        type: t.type,
        id: t.id,
        title: t.title,
        description: t.description,
        created_at,
        session: t,
        ...(ownerName !== undefined ? { ownerName } : {}),
      });
    }
  }
  saved.sort((a, b) => b.created_at - a.created_at);
  const defaults: TemplateCard[] = args.defaults.map((t) =>
    'rounds' in t
      ? {
          key: `default:${t.id}`,
          kind: 'session',
          source: 'default',
          type: t.type,
          id: t.id,
          title: t.title,
          description: t.description,
          created_at: 0,
          session: t,
        }
      : {
          key: `default:${t.id}`,
          kind: 'game',
          source: 'default',
          type: t.type,
          id: t.id,
          title: t.title,
          description: t.description,
          created_at: 0,
          game: { type: t.type, config: t.config, title: t.title },
        },
  );
  return [...saved, ...defaults];
}

/** The document saved by "save as template" for a game (spec §7 create template). */
export function gameTemplateDoc(args: {
  readonly title: string;
  readonly type: GameType;
  readonly config: unknown;
  readonly creator: string;
  readonly team: string | null;
  readonly now: number;
  readonly description?: string;
}): DocData {
  return {
    title: args.title.trim(),
    type: args.type,
    description: args.description?.trim() ?? '',
    creator: args.creator,
    team: args.team,
    created_at: args.now,
    config: args.config,
  };
}
