/**
 * The workbook's words in the requested language: sheet names, headers and values from
 * `locales/<lang>/excel.json`, the game types (`sessions.types`), the templates' default names
 * (`game.defaults`, so a "Retailer" reads "Détaillant" in French as on screen) and the lean levers
 * (`leanEditor.levers`), rendered with i18next like the SPA's. Only these parts of the shared
 * files are imported, so the bundle carries no screen texts.
 */
import type { TFunction } from 'i18next';
import { lazyTranslator, SPEC_LOCALES, type SpecLocale } from '../i18n/translator';
import enExcel from '../../../locales/en/excel.json';
import { defaults as enDefaults } from '../../../locales/en/game.json';
import { levers as enLevers } from '../../../locales/en/leanEditor.json';
import { types as enTypes } from '../../../locales/en/sessions.json';
import frExcel from '../../../locales/fr/excel.json';
import { defaults as frDefaults } from '../../../locales/fr/game.json';
import { levers as frLevers } from '../../../locales/fr/leanEditor.json';
import { types as frTypes } from '../../../locales/fr/sessions.json';
import esExcel from '../../../locales/es/excel.json';
import { defaults as esDefaults } from '../../../locales/es/game.json';
import { levers as esLevers } from '../../../locales/es/leanEditor.json';
import { types as esTypes } from '../../../locales/es/sessions.json';
import deExcel from '../../../locales/de/excel.json';
import { defaults as deDefaults } from '../../../locales/de/game.json';
import { levers as deLevers } from '../../../locales/de/leanEditor.json';
import { types as deTypes } from '../../../locales/de/sessions.json';
import ptExcel from '../../../locales/pt/excel.json';
import { defaults as ptDefaults } from '../../../locales/pt/game.json';
import { levers as ptLevers } from '../../../locales/pt/leanEditor.json';
import { types as ptTypes } from '../../../locales/pt/sessions.json';
import itExcel from '../../../locales/it/excel.json';
import { defaults as itDefaults } from '../../../locales/it/game.json';
import { levers as itLevers } from '../../../locales/it/leanEditor.json';
import { types as itTypes } from '../../../locales/it/sessions.json';
import nlExcel from '../../../locales/nl/excel.json';
import { defaults as nlDefaults } from '../../../locales/nl/game.json';
import { levers as nlLevers } from '../../../locales/nl/leanEditor.json';
import { types as nlTypes } from '../../../locales/nl/sessions.json';
import plExcel from '../../../locales/pl/excel.json';
import { defaults as plDefaults } from '../../../locales/pl/game.json';
import { levers as plLevers } from '../../../locales/pl/leanEditor.json';
import { types as plTypes } from '../../../locales/pl/sessions.json';
import trExcel from '../../../locales/tr/excel.json';
import { defaults as trDefaults } from '../../../locales/tr/game.json';
import { levers as trLevers } from '../../../locales/tr/leanEditor.json';
import { types as trTypes } from '../../../locales/tr/sessions.json';
import csExcel from '../../../locales/cs/excel.json';
import { defaults as csDefaults } from '../../../locales/cs/game.json';
import { levers as csLevers } from '../../../locales/cs/leanEditor.json';
import { types as csTypes } from '../../../locales/cs/sessions.json';
import roExcel from '../../../locales/ro/excel.json';
import { defaults as roDefaults } from '../../../locales/ro/game.json';
import { levers as roLevers } from '../../../locales/ro/leanEditor.json';
import { types as roTypes } from '../../../locales/ro/sessions.json';

export type ExportLocale = SpecLocale;

const RESOURCES = {
  en: {
    excel: enExcel,
    game: { defaults: enDefaults },
    leanEditor: { levers: enLevers },
    sessions: { types: enTypes },
  },
  fr: {
    excel: frExcel,
    game: { defaults: frDefaults },
    leanEditor: { levers: frLevers },
    sessions: { types: frTypes },
  },
  es: {
    excel: esExcel,
    game: { defaults: esDefaults },
    leanEditor: { levers: esLevers },
    sessions: { types: esTypes },
  },
  de: {
    excel: deExcel,
    game: { defaults: deDefaults },
    leanEditor: { levers: deLevers },
    sessions: { types: deTypes },
  },
  pt: {
    excel: ptExcel,
    game: { defaults: ptDefaults },
    leanEditor: { levers: ptLevers },
    sessions: { types: ptTypes },
  },
  it: {
    excel: itExcel,
    game: { defaults: itDefaults },
    leanEditor: { levers: itLevers },
    sessions: { types: itTypes },
  },
  nl: {
    excel: nlExcel,
    game: { defaults: nlDefaults },
    leanEditor: { levers: nlLevers },
    sessions: { types: nlTypes },
  },
  pl: {
    excel: plExcel,
    game: { defaults: plDefaults },
    leanEditor: { levers: plLevers },
    sessions: { types: plTypes },
  },
  tr: {
    excel: trExcel,
    game: { defaults: trDefaults },
    leanEditor: { levers: trLevers },
    sessions: { types: trTypes },
  },
  cs: {
    excel: csExcel,
    game: { defaults: csDefaults },
    leanEditor: { levers: csLevers },
    sessions: { types: csTypes },
  },
  ro: {
    excel: roExcel,
    game: { defaults: roDefaults },
    leanEditor: { levers: roLevers },
    sessions: { types: roTypes },
  },
};

// A workbook is not HTML: values go in cells as they are.
const translator = lazyTranslator(() =>
  Object.fromEntries(SPEC_LOCALES.map((lang) => [lang, { translation: RESOURCES[lang] }])),
);

/** A language of spec §9, else English (a client's `locale` is only a hint). */
export function exportLocale(value: unknown): ExportLocale {
  if (typeof value !== 'string') return 'en';
  const base = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (SPEC_LOCALES as readonly string[]).includes(base) ? (base as ExportLocale) : 'en';
}

/** Looks up a key of the resources above (`excel.columns.cost`, `game.defaults.facility.retailer`). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function exportTranslator(locale: ExportLocale): Translate {
  const t: TFunction = translator().getFixedT(locale);
  // The keys are built from data (sheet, column, lever ids), so they are not the SPA's typed keys.
  return (key, values) => String(t(key as never, values as never));
}
