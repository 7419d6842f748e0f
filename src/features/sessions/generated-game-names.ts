/**
 * Names of the games a round starts ("Monday class · Round 1 · Team 2") are written in the
 * creator's language. Spec §6: the creator may change game names on a language switch, so a name
 * still exactly as generated in one of the languages is renamed into the creator's new language;
 * a name anyone edited no longer matches and stays as typed.
 */
import type { Locale } from '@/lib/i18n/pick-locale';
import { roundGameName, teamLabel, type Session } from '@/features/sessions/session-model';

/** `sessions.round` and `sessions.team` of every language (a unit test checks the locales). */
export const ROUND_WORDS: Readonly<Record<Locale, string>> = {
  en: 'Round',
  de: 'Runde',
  fr: 'Manche',
  es: 'Ronda',
  it: 'Turno',
  nl: 'Ronde',
  pl: 'Runda',
  pt: 'Rodada',
  cs: 'Kolo',
  ro: 'Runda',
  tr: 'Tur',
};
export const TEAM_WORDS: Readonly<Record<Locale, string>> = {
  en: 'Team',
  de: 'Team',
  fr: 'Équipe',
  es: 'Equipo',
  it: 'Squadra',
  nl: 'Team',
  pl: 'Drużyna',
  pt: 'Equipe',
  cs: 'Tým',
  ro: 'Echipa',
  tr: 'Takım',
};

type Named = Pick<Session, 'name' | 'localeLabels' | 'teamNames'>;

/** The game name a round start writes, given the words for "Round" and "Team". */
export function generatedGameName(
  session: Named,
  roundNumber: number,
  team: number,
  words: { round: string; team: string },
): string {
  return roundGameName(
    session.name,
    `${session.localeLabels.round || words.round} ${roundNumber}`,
    teamLabel(session, team, words.team),
  );
}

/**
 * The new name of a game after a switch to `words`' language, or null to keep it: kept when it
 * is already right or when it is not the generated name in any language (edited by someone).
 */
export function renamedForLanguage(
  stored: string,
  session: Named,
  roundNumber: number,
  team: number,
  words: { round: string; team: string },
): string | null {
  const wanted = generatedGameName(session, roundNumber, team, words);
  if (stored === wanted) return null;
  const generated = (Object.keys(ROUND_WORDS) as Locale[]).some(
    (lang) =>
      generatedGameName(session, roundNumber, team, {
        round: ROUND_WORDS[lang],
        team: TEAM_WORDS[lang],
      }) === stored,
  );
  return generated ? wanted : null;
}
