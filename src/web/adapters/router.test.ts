import { describe, expect, it } from 'vitest';
import { isActiveLink, matchRoutes, type RouteObject } from './router';

/** The shape of src/web/app/router.tsx, each element named after the screen it stands for. */
const routes: RouteObject[] = [
  { path: '/login/callback', element: 'callback' },
  { element: 'frame:login', children: [{ index: true, element: 'home' }] },
  { element: 'frame:rules', children: [{ path: 'rules', element: 'rules' }] },
  {
    element: 'frame',
    children: [
      { path: 'questions', element: 'questions' },
      { path: 'weeks/:setNum/review', element: 'review' },
      {
        path: 'organise',
        element: 'organise',
        children: [
          { index: true, element: 'dashboard' },
          { path: 'players', element: 'players' },
          { path: 'players/:playerId', element: 'player' },
          { path: 'players/new', element: 'new player' },
        ],
      },
      { path: '*', element: 'not found' },
    ],
  },
];

/** The elements a pathname renders, outermost first, and its params. */
function render(pathname: string) {
  const match = matchRoutes(routes, pathname);
  return match && { elements: match.routes.map((route) => route.element), params: match.params };
}

describe('matching an address to the routes', () => {
  it('renders the home screen inside its pathless layout on /', () => {
    expect(render('/')).toEqual({ elements: ['frame:login', 'home'], params: {} });
  });

  it('matches an absolute top-level path without a layout', () => {
    expect(render('/login/callback')?.elements).toEqual(['callback']);
  });

  it('finds a page under the second pathless layout', () => {
    expect(render('/rules')?.elements).toEqual(['frame:rules', 'rules']);
  });

  it('tolerates a trailing slash and ignores case in static segments', () => {
    expect(render('/questions/')?.elements).toEqual(['frame', 'questions']);
    expect(render('/Login/CALLBACK')?.elements).toEqual(['callback']);
  });

  it('passes the decoded param of weeks/:setNum/review, keeping its case', () => {
    expect(render('/weeks/3/review')).toEqual({
      elements: ['frame', 'review'],
      params: { setNum: '3' },
    });
    expect(render('/weeks/Week%203/review')?.params).toEqual({ setNum: 'Week 3' });
  });

  it('keeps an encoded slash inside its param', () => {
    expect(render('/weeks/a%2Fb/review')?.params).toEqual({ setNum: 'a/b' });
  });

  it('leaves a malformed escape as typed instead of throwing', () => {
    expect(render('/weeks/%E0%A4/review')?.params).toEqual({ setNum: '%E0%A4' });
  });

  it('renders the organise dashboard as the index route of /organise', () => {
    expect(render('/organise')?.elements).toEqual(['frame', 'organise', 'dashboard']);
    expect(render('/organise/')?.elements).toEqual(['frame', 'organise', 'dashboard']);
  });

  it('renders a player page under the organise layout with its id', () => {
    expect(render('/organise/players/42')).toEqual({
      elements: ['frame', 'organise', 'player'],
      params: { playerId: '42' },
    });
    expect(render('/organise/players')?.elements).toEqual(['frame', 'organise', 'players']);
  });

  it('prefers a static segment to a param, whatever the order of the routes', () => {
    expect(render('/organise/players/new')?.elements).toEqual(['frame', 'organise', 'new player']);
  });

  it('falls back to the catch-all only when nothing else matches', () => {
    expect(render('/nowhere')).toEqual({
      elements: ['frame', 'not found'],
      params: { '*': 'nowhere' },
    });
    expect(render('/weeks/3')?.elements).toEqual(['frame', 'not found']);
    expect(render('/weeks/3/review/extra')?.elements).toEqual(['frame', 'not found']);
    expect(render('/organise/players/42/x')?.elements).toEqual(['frame', 'not found']);
  });

  it('ranks the catch-all last even when it is listed first', () => {
    const catchAllFirst: RouteObject[] = [
      { path: '*', element: 'not found' },
      { path: 'rules', element: 'rules' },
    ];
    expect(matchRoutes(catchAllFirst, '/rules')?.routes[0]?.element).toBe('rules');
  });

  it('matches nothing without a catch-all', () => {
    expect(matchRoutes(routes.slice(0, 3), '/nowhere')).toBeNull();
    expect(matchRoutes(routes.slice(0, 1), '/')).toBeNull();
    // A pathless layout matches only through a child: the rules frame has no page on /.
    expect(matchRoutes(routes.slice(2, 3), '/')).toBeNull();
  });
});

describe('when a NavLink is active', () => {
  it('marks a section active on its own page and the pages below it', () => {
    expect(isActiveLink('/organise', '/organise')).toBe(true);
    expect(isActiveLink('/organise', '/organise/players/42')).toBe(true);
    expect(isActiveLink('/organise', '/organiser')).toBe(false);
  });

  it('with `end`, marks it active on its own page only', () => {
    expect(isActiveLink('/organise', '/organise', true)).toBe(true);
    expect(isActiveLink('/organise', '/organise/players', true)).toBe(false);
  });

  it('marks the home link active on / only, even without `end`', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/questions')).toBe(false);
  });

  it('ignores case, as the route matching does', () => {
    expect(isActiveLink('/account', '/Account')).toBe(true);
  });
});
