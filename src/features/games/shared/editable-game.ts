/**
 * What every game editor needs around its draft: the stored game to edit (only its creator may),
 * and a new game's draft kept in the tab until it is saved.
 */
import type { DocData } from '@sim/core/port/data-port';
import { gamePath, readDoc } from '@/features/games/shared/game-api';

export type EditableGame =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'notCreator' }
  | { readonly kind: 'ok'; readonly data: DocData; readonly privateParams: DocData };

/**
 * The game document and its `private/params` when `uid` created the game; a missing or deleted
 * game is unknown. Rejects when a read fails.
 */
export async function loadEditableGame(gid: string, uid: string): Promise<EditableGame> {
  const snap = await readDoc(gamePath(gid));
  const data = snap.data;
  if (!snap.exists || !data || data['deleted'] === true) return { kind: 'unknown' };
  if (data['creator'] !== uid) return { kind: 'notCreator' };
  const priv = await readDoc(`${gamePath(gid)}/private/params`);
  return { kind: 'ok', data, privateParams: priv.data ?? {} };
}

/** The draft kept under `key` for this tab, when `accept` recognises it. */
export function readKeptDraft<T>(key: string, accept: (value: unknown) => T | null): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? accept(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft for this tab (a reload finds it); null forgets it. */
export function keepDraft(key: string, draft: unknown): void {
  try {
    if (draft !== null) window.sessionStorage.setItem(key, JSON.stringify(draft));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Private mode: the draft lives as long as the page.
  }
}
