/**
 * The invitation email (business.md §3.9), in the inviting admin's language: its strings are the
 * `team.email.*` keys of `locales/<lang>/team.json`, rendered with i18next like the SPA's. The
 * text part is what counts; the HTML part repeats it with every value escaped, since names come
 * from clients.
 */
import cs from '../../../locales/cs/team.json';
import de from '../../../locales/de/team.json';
import en from '../../../locales/en/team.json';
import es from '../../../locales/es/team.json';
import fr from '../../../locales/fr/team.json';
import it from '../../../locales/it/team.json';
import nl from '../../../locales/nl/team.json';
import pl from '../../../locales/pl/team.json';
import pt from '../../../locales/pt/team.json';
import ro from '../../../locales/ro/team.json';
import tr from '../../../locales/tr/team.json';
import csSessions from '../../../locales/cs/sessions.json';
import deSessions from '../../../locales/de/sessions.json';
import enSessions from '../../../locales/en/sessions.json';
import esSessions from '../../../locales/es/sessions.json';
import frSessions from '../../../locales/fr/sessions.json';
import itSessions from '../../../locales/it/sessions.json';
import nlSessions from '../../../locales/nl/sessions.json';
import plSessions from '../../../locales/pl/sessions.json';
import ptSessions from '../../../locales/pt/sessions.json';
import roSessions from '../../../locales/ro/sessions.json';
import trSessions from '../../../locales/tr/sessions.json';
import { lazyTranslator, SPEC_LOCALES, type SpecLocale } from '../i18n/translator';
import type { MailMessage } from '../mail/mailer';
import type { GameType } from './team-docs';

/** The product's name in the email (`app.name` of the SPA). */
export const APP_NAME = 'SimGames';

const TEAM = { en, fr, es, de, pt, it, nl, pl, tr, cs, ro };
const TYPES = {
  en: enSessions.types,
  fr: frSessions.types,
  es: esSessions.types,
  de: deSessions.types,
  pt: ptSessions.types,
  it: itSessions.types,
  nl: nlSessions.types,
  pl: plSessions.types,
  tr: trSessions.types,
  cs: csSessions.types,
  ro: roSessions.types,
};

// Values are escaped where HTML is built, not in the text part.
const translator = lazyTranslator(() =>
  Object.fromEntries(
    SPEC_LOCALES.map((lang) => [
      lang,
      { translation: { team: TEAM[lang], sessions: { types: TYPES[lang] } } },
    ]),
  ),
);

export interface InviteEmailInput {
  readonly locale: SpecLocale;
  readonly to: string;
  /** The invitee's name as the admin typed it ('' when none). */
  readonly name: string;
  readonly adminName: string;
  readonly games: readonly GameType[];
  readonly inviteUrl: string;
  readonly expiresAt: number;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

export function inviteEmail(input: InviteEmailInput): MailMessage {
  const t = translator().getFixedT(input.locale);
  const date = new Intl.DateTimeFormat(input.locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(input.expiresAt));
  const values = {
    admin: input.adminName,
    app: APP_NAME,
    name: input.name,
    email: input.to,
    url: input.inviteUrl,
    date,
    games: input.games.map((type) => t(`sessions.types.${type}`)).join(', '),
  };
  const greeting = input.name ? t('team.email.greetingNamed', values) : t('team.email.greeting');
  const intro = [
    greeting,
    t('team.email.body', values),
    ...(input.games.length > 0 ? [t('team.email.games', values)] : []),
  ];
  const outro = [t('team.email.account', values), t('team.email.ignore')];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const html = [
    ...intro.map(paragraph),
    `<p><a href="${escapeHtml(input.inviteUrl)}">${escapeHtml(t('team.email.action'))}</a></p>`,
    ...outro.map(paragraph),
  ].join('\n');
  return {
    to: input.to,
    subject: t('team.email.subject', values),
    text: [...intro, t('team.email.link', values), ...outro].join('\n\n'),
    html,
  };
}
