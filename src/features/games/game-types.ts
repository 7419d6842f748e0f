/**
 * The registry of game types: the game document's `type` → the screens that show it, each a
 * lazily loaded chunk (a player's intro never downloads the editor or the charts), and how its
 * stored default facility names are translated. The app gives it to the shared game pages. A
 * game type registers the screens it has; the others show the shared parts with a notice.
 */
import { facilityDisplayName } from '@sim/core/beer/default-names';
import { leanFacilityDisplayName } from '@sim/core/lean/default-names';
import type { GameTypes } from '@/features/games/shared/game-types';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const beerDebrief = () => import('@/features/games/beer/debrief-view');
const leanDebrief = () => import('@/features/games/lean/results-screen');

export const GAME_TYPES: GameTypes = {
  beergame: {
    facilityName: facilityDisplayName,
    screens: {
      intro: lazyPage(() => import('@/features/games/beer/intro-view'), 'BeerIntroScreen'),
      play: lazyPage(() => import('@/features/games/beer/play-view'), 'BeerPlayScreen'),
      follow: lazyPage(() => import('@/features/games/beer/follow-view'), 'BeerFollowScreen'),
      results: lazyPage(beerDebrief, 'BeerDebriefScreen'),
      debrief: lazyPage(beerDebrief, 'BeerDebriefScreen'),
      editor: lazyPage(() => import('@/features/games/beer/editor-page'), 'EditorPage'),
    },
  },
  // The lean screens register here as they come; a page without one shows the shared notice.
  leangame: {
    facilityName: leanFacilityDisplayName,
    screens: {
      intro: lazyPage(() => import('@/features/games/lean/intro-view'), 'LeanIntroScreen'),
      play: lazyPage(() => import('@/features/games/lean/play-view'), 'LeanPlayScreen'),
      follow: lazyPage(() => import('@/features/games/lean/follow-view'), 'LeanFollowScreen'),
      results: lazyPage(leanDebrief, 'LeanDebriefScreen'),
      debrief: lazyPage(leanDebrief, 'LeanDebriefScreen'),
      editor: lazyPage(() => import('@/features/games/lean/editor-page'), 'LeanEditorScreen'),
    },
  },
};
