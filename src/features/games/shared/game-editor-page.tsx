/**
 * `/dashboard/games/new` and `/game/:id/edit` of every game type: finds the stored game's type
 * (a new game's is given) and shows that type's editor, or a notice while the type has none.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gamePath, readDoc } from '@/features/games/shared/game-api';
import { gameTypeOf, type GameTypes } from '@/features/games/shared/game-types';
import { PageLoader } from '@/components/page-loader';
import { SimplePage } from '@/components/simple-page';
import { showError } from '@/lib/errors/error-store';

export interface GameEditorPageProps {
  readonly types: GameTypes;
  /** Absent: a new game of `newType`. */
  readonly gameId?: string;
  readonly newType: string;
  readonly uid: string;
  readonly creatorName: string;
}

/** The stored game's type; null when the game is missing or deleted, undefined while reading. */
function useStoredType(gameId: string | undefined): string | null | undefined {
  const [stored, setStored] = useState<{ gid: string; type: string | null } | null>(null);
  useEffect(() => {
    if (gameId === undefined) return undefined;
    let live = true;
    readDoc(gamePath(gameId)).then(
      (snap) => {
        const data = snap.data;
        const type = snap.exists && data && data['deleted'] !== true ? data['type'] : null;
        if (live) setStored({ gid: gameId, type: typeof type === 'string' ? type : null });
      },
      (err: unknown) => {
        showError(err);
        if (live) setStored({ gid: gameId, type: null });
      },
    );
    return () => {
      live = false;
    };
  }, [gameId]);
  if (gameId === undefined) return undefined;
  return stored?.gid === gameId ? stored.type : undefined;
}

export function GameEditorPage({ types, gameId, newType, uid, creatorName }: GameEditorPageProps) {
  const { t } = useTranslation();
  const storedType = useStoredType(gameId);
  const typeName = gameId === undefined ? newType : storedType;
  if (typeName === undefined) return <PageLoader />;
  const type = typeName === null ? null : gameTypeOf(types, typeName);
  if (type === null) {
    return (
      <SimplePage title={t('game.unavailableTitle')} description={t('game.messGameUnknown')} />
    );
  }
  const Editor = type.screens.editor;
  if (!Editor) {
    return <SimplePage title={t('game.pending.title')} description={t('game.pending.editor')} />;
  }
  return (
    <Editor {...(gameId !== undefined ? { gameId } : {})} uid={uid} creatorName={creatorName} />
  );
}
