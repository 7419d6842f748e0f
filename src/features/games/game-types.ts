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

// The feature files of locales/ each kind of screen shows, loaded beside its code.
const BEER = ['game'];
const RESULTS = ['game.results', 'game.debrief'];
const EDITOR = ['game.editor', 'game.validation', 'templates'];
const BEER_RESULTS = [...BEER, ...RESULTS];
const BEER_EDITOR = [...BEER, ...EDITOR];
const LEAN = ['game', 'leanPlay', 'leanResults'];
const LEAN_RESULTS = [...LEAN, ...RESULTS];
const LEAN_EDITOR = ['game', ...EDITOR, 'leanEditor'];

export const GAME_TYPES: GameTypes = {
  beergame: {
    facilityName: facilityDisplayName,
    screens: {
      intro: lazyPage(() => import('@/features/games/beer/intro-view'), 'BeerIntroScreen', BEER),
      play: lazyPage(() => import('@/features/games/beer/play-view'), 'BeerPlayScreen', BEER),
      follow: lazyPage(() => import('@/features/games/beer/follow-view'), 'BeerFollowScreen', BEER),
      results: lazyPage(beerDebrief, 'BeerDebriefScreen', BEER_RESULTS),
      debrief: lazyPage(beerDebrief, 'BeerDebriefScreen', BEER_RESULTS),
      editor: lazyPage(
        () => import('@/features/games/beer/editor-page'),
        'EditorPage',
        BEER_EDITOR,
      ),
    },
  },
  // The lean screens register here as they come; a page without one shows the shared notice.
  leangame: {
    facilityName: leanFacilityDisplayName,
    screens: {
      intro: lazyPage(() => import('@/features/games/lean/intro-view'), 'LeanIntroScreen', LEAN),
      play: lazyPage(() => import('@/features/games/lean/play-view'), 'LeanPlayScreen', LEAN),
      follow: lazyPage(() => import('@/features/games/lean/follow-view'), 'LeanFollowScreen', LEAN),
      results: lazyPage(leanDebrief, 'LeanDebriefScreen', LEAN_RESULTS),
      debrief: lazyPage(leanDebrief, 'LeanDebriefScreen', LEAN_RESULTS),
      editor: lazyPage(
        () => import('@/features/games/lean/editor-page'),
        'LeanEditorScreen',
        LEAN_EDITOR,
      ),
    },
  },
};
