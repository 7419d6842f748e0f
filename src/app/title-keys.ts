/** i18n keys usable as document titles. */
export const TITLE_KEYS = [
  'titles.home',
  'titles.signup',
  'titles.login',
  'titles.authAction',
  'titles.setupAccount',
  'titles.demo',
  'titles.quote',
  'titles.leaderboard',
  'titles.loading',
  'titles.dashboard',
  'titles.userPage',
  'titles.session',
  'titles.game',
  'titles.notFound',
] as const;
export type TitleKey = (typeof TITLE_KEYS)[number];
