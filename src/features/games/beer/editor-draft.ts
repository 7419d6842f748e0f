/**
 * The beer game editor's draft: the game's name and its editable configuration
 * (`BeerGameConfig` of core/src/beer/game-docs.ts), edits on it, the editor's checks, and the
 * documents to write (docs/games/beer-documents.md). Pure.
 */
import type {
  BeerFacilityConfig,
  BeerGameConfig,
  BeerGameDocs,
  BuildBeerGameArgs,
} from '@sim/core/beer/game-docs';
import {
  buildBeerGameDocs,
  defaultBeerTemplate,
  validateBeerConfig,
} from '@sim/core/beer/game-docs';
import type { DemandPattern, ProductData, ValidationIssue } from '@sim/core/beer/model';
import { BEER_DEFAULTS } from '@sim/core/beer/model';
import { debriefIssues, nameIssues } from '@/features/games/shared/editor-checks';
import { ownEntry } from '@/lib/own';

export interface EditorDraft {
  name: string;
  /** The game's pause switch (public document). */
  paused: boolean;
  config: BeerGameConfig;
}

export type DemandKind = 'step' | 'series' | 'uniform' | 'normal';

export interface DemandDraft {
  kind: DemandKind;
  initial: number;
  final: number;
  week: number;
  /** Comma-separated weekly values (series). */
  values: string;
  min: number;
  max: number;
  mean: number;
  sd: number;
}

export function defaultDemand(): DemandDraft {
  return {
    kind: 'step',
    initial: 4,
    final: 8,
    week: 5,
    values: '4, 4, 4, 4, 8',
    min: 0,
    max: 8,
    mean: 6,
    sd: 2,
  };
}

/** A fresh draft from the default template of `count` facilities; `roleName` names each role. */
export function templateDraft(
  count: number,
  roleName: (type: string, index: number) => string,
): EditorDraft {
  const config = structuredClone(defaultBeerTemplate(count).config);
  let workshop = 0;
  for (const f of Object.values(config.facilities)) {
    f.name = f.type === 'workshop' ? `${roleName(f.type, 0)} ${++workshop}` : roleName(f.type, 0);
  }
  return { name: '', paused: false, config };
}

function startPdata(): ProductData {
  return {
    stock: BEER_DEFAULTS.stock,
    backlog: BEER_DEFAULTS.backlog,
    allowBacklog: BEER_DEFAULTS.allowBacklog,
    maxShipQty: BEER_DEFAULTS.maxShipQty,
    unitPrice: BEER_DEFAULTS.unitPrice,
    stockCost: BEER_DEFAULTS.stockCost,
    backlogCost: BEER_DEFAULTS.backlogCost,
    missedSaleCost: BEER_DEFAULTS.missedSaleCost,
  };
}

/** The products of a configuration, in order. */
export function productIds(config: BeerGameConfig): string[] {
  const ids = Object.keys(config.params.productsTemplates);
  if (ids.length > 0) return ids;
  const first = Object.values(config.facilities)[0];
  return first ? Object.keys(first.pdata) : [];
}

/** Adds a product: every facility gets stock data and a source like its first product's. */
export function addProduct(
  config: BeerGameConfig,
  pid: string,
  name: string,
  emoji: string,
): BeerGameConfig {
  const next = structuredClone(config);
  const first = productIds(config)[0];
  next.params.productsTemplates[pid] = { name, productEmoji: emoji };
  for (const f of Object.values(next.facilities)) {
    f.pdata[pid] = startPdata();
    const model = Object.values(f.capabilities).find((c) => c.pid === first);
    const cid = `${f.id}-${pid}`;
    f.capabilities[cid] = model ? { ...model, pid } : { pid, type: 'production' };
  }
  return next;
}

export function removeProduct(config: BeerGameConfig, pid: string): BeerGameConfig {
  if (productIds(config).length <= 1) return config;
  const next = structuredClone(config);
  delete next.params.productsTemplates[pid];
  if (next.params.productsConsumerDemand) delete next.params.productsConsumerDemand[pid];
  for (const f of Object.values(next.facilities)) {
    delete f.pdata[pid];
    for (const [cid, c] of Object.entries(f.capabilities))
      if (c.pid === pid) delete f.capabilities[cid];
  }
  return next;
}

/** The consumer demand of a product (its own pattern, else the game's). */
export function productDemand(config: BeerGameConfig, pid: string): DemandPattern {
  return config.params.productsConsumerDemand?.[pid] ?? config.params.consumerDemand;
}

/** Sets a product's demand; the first product's is also the game's default. */
export function setProductDemand(
  config: BeerGameConfig,
  pid: string,
  pattern: DemandPattern,
): void {
  config.params.productsConsumerDemand = {
    ...(config.params.productsConsumerDemand ?? {}),
    [pid]: pattern,
  };
  if (productIds(config)[0] === pid) config.params.consumerDemand = pattern;
}

/**
 * The editor's checks: the configuration (core and game-docs), the messages, and the name and
 * debrief questions every game editor checks.
 */
export function validateDraft(draft: EditorDraft): ValidationIssue[] {
  const config = draft.config;
  const issues = validateBeerConfig(config);
  issues.push(...nameIssues(draft.name));
  const weeks = config.params.weeks;
  config.params.configMessages.scheduleList.forEach((m, i) => {
    if (m.message.trim() === '')
      issues.push({ key: 'beer.message.empty', path: `messages.${i}.message` });
    if (!Number.isInteger(m.week) || m.week < 1 || m.week > weeks) {
      issues.push({ key: 'beer.message.week', path: `messages.${i}.week`, min: 1, max: weeks });
    }
  });
  for (const key of ['backlogMessage', 'stockMessage'] as const) {
    const m = config.params.configMessages[key];
    if (m.active && m.message.trim() === '')
      issues.push({ key: 'beer.message.empty', path: `messages.${key}.message` });
    if (!Number.isInteger(m.threshold) || m.threshold < 0 || m.threshold > 999) {
      issues.push({
        key: 'beer.message.threshold',
        path: `messages.${key}.threshold`,
        min: 0,
        max: 999,
      });
    }
  }
  issues.push(...debriefIssues(config.params.configDebrief));
  return issues;
}

/** The documents of a new game (the client writes game, private/params and facilities). */
export function docsForNew(
  draft: EditorDraft,
  meta: Omit<BuildBeerGameArgs, 'name' | 'template' | 'params' | 'facilities'>,
): BeerGameDocs {
  return buildBeerGameDocs({
    ...meta,
    name: draft.name.trim(),
    template: { config: draft.config },
  });
}

/**
 * What editing a stored game writes (docs/games/beer-documents.md "Editing"): the public fields
 * to update (keeping who holds each kept role), the secret parameters, the facility documents to
 * create (new ids) and to delete (removed ids). The caller then calls `resetBeerGame`.
 */
export function editPlan(
  draft: EditorDraft,
  stored: {
    facilities: Record<string, { user?: unknown; playerName?: unknown; computer?: unknown }>;
  },
  meta: Omit<BuildBeerGameArgs, 'name' | 'template' | 'params' | 'facilities'>,
): {
  gameUpdate: Record<string, unknown>;
  privateParams: BeerGameDocs['privateParams'];
  create: Record<string, BeerGameDocs['facilities'][string]>;
  remove: string[];
} {
  const docs = docsForNew(draft, meta);
  const facilities: Record<string, unknown> = {};
  for (const [fid, f] of Object.entries(docs.game.facilities)) {
    const old = ownEntry(stored.facilities, fid);
    facilities[fid] = old
      ? {
          ...f,
          user: old.user ?? null,
          playerName: old.playerName ?? null,
          computer: old.computer === true,
        }
      : f;
  }
  const create: Record<string, BeerGameDocs['facilities'][string]> = {};
  for (const [fid, doc] of Object.entries(docs.facilities))
    if (!Object.hasOwn(stored.facilities, fid)) create[fid] = doc;
  return {
    gameUpdate: {
      name: docs.game.name,
      paused: draft.paused,
      params: docs.game.params,
      facilities,
    },
    privateParams: docs.privateParams,
    create,
    remove: Object.keys(stored.facilities).filter((fid) => !(fid in docs.game.facilities)),
  };
}

/** The facilities of a configuration, downstream first (the stored order). */
export function facilityList(config: BeerGameConfig): BeerFacilityConfig[] {
  return Object.values(config.facilities);
}

export function demandPattern(d: DemandDraft): DemandPattern {
  switch (d.kind) {
    case 'step':
      return { type: 'step', initial: d.initial, final: d.final, week: d.week };
    case 'series':
      return {
        type: 'series',
        values: d.values
          .split(/[,;\s]+/)
          .filter((s) => s !== '')
          .map(Number),
      };
    case 'uniform':
      return { type: 'uniform', min: d.min, max: d.max };
    case 'normal':
      return { type: 'normal', mean: d.mean, sd: d.sd };
  }
}

export function demandDraftOf(p: DemandPattern | undefined): DemandDraft {
  const d = defaultDemand();
  if (p === undefined) return d;
  if (Array.isArray(p)) return { ...d, kind: 'series', values: p.join(', ') };
  const x = p as Exclude<DemandPattern, readonly number[]>;
  switch (x.type) {
    case 'series':
      return { ...d, kind: 'series', values: x.values.join(', ') };
    case 'step':
      return { ...d, kind: 'step', initial: x.initial, final: x.final, week: x.week };
    case 'uniform':
      return { ...d, kind: 'uniform', min: x.min, max: x.max };
    case 'normal':
      return { ...d, kind: 'normal', mean: x.mean, sd: x.sd };
  }
}
