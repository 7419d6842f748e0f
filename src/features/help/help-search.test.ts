import { describe, expect, it } from 'vitest';
import { searchHelp, normalizeText, type SearchablePage } from '@/features/help/help-search';
import { helpView, paragraphs, withHelpView } from '@/features/help/help-pages';

const PAGES: SearchablePage[] = [
  {
    id: 'join',
    title: 'Joining a game',
    summary: 'Open the link or the join code.',
    body: 'Type your name in the lobby.',
  },
  {
    id: 'templates',
    title: 'Templates',
    summary: 'Ready-made games and sessions.',
    body: 'Create a game from a template and edit the lead times.',
  },
  {
    id: 'results',
    title: 'Résultats et débriefing',
    summary: 'Après une partie.',
    body: 'Téléchargez le classeur Excel.',
  },
];

const ids = (pages: readonly SearchablePage[]) => pages.map((p) => p.id);

describe('help search', () => {
  it('lists every page in order for an empty query', () => {
    expect(ids(searchHelp(PAGES, '   ', 'en'))).toEqual(['join', 'templates', 'results']);
  });

  it('finds a page by the start of a word, in any case', () => {
    expect(ids(searchHelp(PAGES, 'TEMPL', 'en'))).toEqual(['templates']);
    expect(ids(searchHelp(PAGES, 'lobby', 'en'))).toEqual(['join']);
  });

  it('needs every word of the query', () => {
    expect(ids(searchHelp(PAGES, 'lead times', 'en'))).toEqual(['templates']);
    expect(ids(searchHelp(PAGES, 'lead lobby', 'en'))).toEqual([]);
  });

  it('ignores accents both ways', () => {
    expect(ids(searchHelp(PAGES, 'resultats debrief', 'fr'))).toEqual(['results']);
    expect(ids(searchHelp(PAGES, 'telechargez', 'fr'))).toEqual(['results']);
    expect(ids(searchHelp(PAGES, 'téléch', 'fr'))).toEqual(['results']);
  });

  it('ranks a title match above a body match', () => {
    // "game" is in the title of join, in the summary and body of templates.
    expect(ids(searchHelp(PAGES, 'game', 'en'))).toEqual(['join', 'templates']);
    expect(ids(searchHelp(PAGES, 'template', 'en'))).toEqual(['templates']);
    expect(ids(searchHelp(PAGES, 'code', 'en'))).toEqual(['join']);
  });

  it('does not match inside a word', () => {
    expect(ids(searchHelp(PAGES, 'plates', 'en'))).toEqual([]);
  });

  it('lowers Turkish dotted and dotless capitals the Turkish way', () => {
    expect(normalizeText('İSTANBUL', 'tr')).toBe('istanbul');
    expect(normalizeText('IŞIK', 'tr')).toBe('isik');
    const turkish: SearchablePage[] = [
      { id: 'x', title: 'İpuçları', summary: '', body: 'Oyuna katılmak' },
    ];
    expect(ids(searchHelp(turkish, 'ipuc', 'tr'))).toEqual(['x']);
    expect(ids(searchHelp(turkish, 'KATIL', 'tr'))).toEqual(['x']);
  });
});

describe('help address', () => {
  it('reads the view from ?help=', () => {
    expect(helpView(new URLSearchParams(''))).toBeNull();
    expect(helpView(new URLSearchParams('help=1'))).toEqual({ kind: 'pages' });
    expect(helpView(new URLSearchParams('help=feedback'))).toEqual({ kind: 'feedback' });
    expect(helpView(new URLSearchParams('help=lean'))).toEqual({ kind: 'page', id: 'lean' });
    expect(helpView(new URLSearchParams('help=__proto__'))).toBeNull();
    expect(helpView(new URLSearchParams('help=toString'))).toBeNull();
  });

  it('sets and clears ?help= keeping the other parameters', () => {
    expect(withHelpView('?joinTeam=t1', { kind: 'page', id: 'beer' })).toBe(
      '?joinTeam=t1&help=beer',
    );
    expect(withHelpView('?joinTeam=t1&help=beer', null)).toBe('?joinTeam=t1');
    expect(withHelpView('?help=feedback', null)).toBe('');
  });

  it('splits a body into paragraphs at blank lines', () => {
    expect(paragraphs('One.\n\nTwo\nlines.\n \nThree.')).toEqual(['One.', 'Two\nlines.', 'Three.']);
  });
});
