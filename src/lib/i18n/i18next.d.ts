import 'i18next';
import type translation from '../../../locales/en/translation.json';
import type errors from '../../../locales/en/errors.json';
import type excel from '../../../locales/en/excel.json';
import type privacy from '../../../locales/en/privacy.json';
import type dashboard from '../../../locales/en/dashboard.json';
import type gamelist from '../../../locales/en/gamelist.json';
import type sessions from '../../../locales/en/sessions.json';
import type sessionsFollowUp from '../../../locales/en/sessions.followUp.json';
import type sessionsSlides from '../../../locales/en/sessions.slides.json';
import type templates from '../../../locales/en/templates.json';
import type game from '../../../locales/en/game.json';
import type gameEditor from '../../../locales/en/game.editor.json';
import type gameValidation from '../../../locales/en/game.validation.json';
import type gameResults from '../../../locales/en/game.results.json';
import type gameDebrief from '../../../locales/en/game.debrief.json';
import type settings from '../../../locales/en/settings.json';
import type team from '../../../locales/en/team.json';
import type referral from '../../../locales/en/referral.json';
import type leanEditor from '../../../locales/en/leanEditor.json';
import type leanResults from '../../../locales/en/leanResults.json';
import type leanPlay from '../../../locales/en/leanPlay.json';
import type marketing from '../../../locales/en/marketing.json';
import type music from '../../../locales/en/music.json';
import type onboarding from '../../../locales/en/onboarding.json';
import type billing from '../../../locales/en/billing.json';
import type portal from '../../../locales/en/portal.json';
import type help from '../../../locales/en/help.json';
import type changelog from '../../../locales/en/changelog.json';
import type suggestions from '../../../locales/en/suggestions.json';

/**
 * The English files typed as one namespace: translation.json at the top level, and each
 * feature file under its name, a group's file under its feature. A new file is added here too.
 */
type Resources = typeof translation & {
  dashboard: typeof dashboard;
  privacy: typeof privacy;
  gamelist: typeof gamelist;
  sessions: typeof sessions & { followUp: typeof sessionsFollowUp; slides: typeof sessionsSlides };
  templates: typeof templates;
  errors: typeof errors;
  excel: typeof excel;
  game: typeof game & {
    editor: typeof gameEditor;
    validation: typeof gameValidation;
    results: typeof gameResults;
    debrief: typeof gameDebrief;
  };
  settings: typeof settings;
  team: typeof team;
  referral: typeof referral;
  leanEditor: typeof leanEditor;
  leanResults: typeof leanResults;
  leanPlay: typeof leanPlay;
  marketing: typeof marketing;
  music: typeof music;
  onboarding: typeof onboarding;
  billing: typeof billing;
  portal: typeof portal;
  help: typeof help;
  changelog: typeof changelog;
  suggestions: typeof suggestions;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}
