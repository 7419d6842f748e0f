/**
 * Spec §6: on a language switch the session's creator renames the round games whose names are
 * still generated (`generated-game-names.ts`) into the new language. Runs on the creator's
 * follow-up page, where the games are watched; players never write names.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { renamedForLanguage } from '@/features/sessions/generated-game-names';
import type { Session } from '@/features/sessions/session-model';
import { getDataPort } from '@/lib/data/port';
import { showError } from '@/lib/errors/error-store';

/** Game id → new name, for the games to rename into the words of the language on screen. */
export function namesToRename(
  session: Pick<Session, 'name' | 'localeLabels' | 'teamNames' | 'games'>,
  games: ReadonlyMap<string, DocData>,
  words: { round: string; team: string },
): Map<string, string> {
  const renames = new Map<string, string>();
  for (const ref of session.games) {
    const stored = games.get(ref.gid)?.['name'];
    if (typeof stored !== 'string') continue;
    const name = renamedForLanguage(stored, session, ref.roundNumber, ref.teamNumber, words);
    if (name !== null) renames.set(ref.gid, name);
  }
  return renames;
}

export function useGameNamesFollowLanguage(
  session: Session,
  games: ReadonlyMap<string, DocData>,
  isCreator: boolean,
): void {
  const { t } = useTranslation();
  const round = t('sessions.round');
  const team = t('sessions.team');
  useEffect(() => {
    if (!isCreator) return;
    const renames = namesToRename(session, games, { round, team });
    if (renames.size === 0) return;
    const batch = getDataPort().docs.batch();
    for (const [gid, name] of renames) batch.update(`games/${gid}`, { name });
    batch.commit().catch((error: unknown) => showError(error));
  }, [session, games, isCreator, round, team]);
}
