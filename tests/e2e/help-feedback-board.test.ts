/**
 * Help, feedback, What's new and Suggest a feature in a real browser (spec §2, §7). A visitor
 * searches the help in English and in French and opens a page, then sends feedback, which the
 * team finds in `feedback/*` with the page it came from. On the dashboard, the What's new bell
 * counts the changelog's entries, shows them and clears once opened, also after a reload. Two
 * instructors use the in-app board (no Canny key on the local stack): one posts an idea and
 * votes for it, the other votes too, the first takes the vote back; the counts follow. axe on
 * each state; screenshots at desktop and phone size when E2E_SCREENSHOTS is set.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { browserSession, DESKTOP, PHONE } from './browser-session';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;
const CHANGELOG = JSON.parse(
  readFileSync(new URL('../../changelog.json', import.meta.url), 'utf8'),
) as { entries: { id: string; date: string }[] };

const session = browserSession('help-feedback-board', {
  logPageErrors: false,
  shots: { dir: SHOTS, options: { fullPage: false } },
});
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

function newPage(locale = 'en-US', viewport = DESKTOP): Promise<Page> {
  return session.newPage({ viewport, locale });
}

/** Screenshots at both sizes and axe, with whatever is open on the page. */
async function look(page: Page, name: string) {
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator('.MuiTooltip-popper').count()).toBe(0);
  await session.shot(page, name);
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize(PHONE);
  await session.shot(page, `${name}-phone`);
  await expectNoSeriousViolations(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

function failureShots() {
  session.screenshotAllOnFailure('help-failed');
}

const email = (name: string) => `${name}.${Date.now()}@school.example`;

describe('help pages', () => {
  it('finds a page by what the visitor types, in the language on screen', async () => {
    failureShots();
    const page = await newPage();
    await page.goto(`${stack.webUrl}/`);
    await page.getByTestId('navbar-help').click();
    const drawer = page.getByTestId('help-drawer');
    await drawer.waitFor();
    // The What's new bell is for the dashboard only.
    expect(await page.getByTestId('changelog-bell').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('help')).toBe('pages');
    // Every page listed before a search.
    await expect.poll(() => page.locator('[data-testid^="help-result-"]').count()).toBe(7);

    await page.getByTestId('help-search').fill('join code');
    await expect
      .poll(() => page.locator('[data-testid^="help-result-"]').first().getAttribute('data-testid'))
      .toBe('help-result-join');
    await page.getByTestId('help-search').fill('bullwhip');
    await expect
      .poll(() => page.locator('[data-testid^="help-result-"]').allInnerTexts())
      .toEqual([expect.stringContaining('Results and debrief')]);
    await page.getByTestId('help-search').fill('zzzz');
    await page.getByText('No help page matches “zzzz”.', { exact: false }).waitFor();
    await expect.poll(() => page.locator('[data-testid^="help-result-"]').count()).toBe(0);

    await page.getByTestId('help-search').fill('templ');
    await page.getByTestId('help-result-templates').click();
    await expect.poll(() => page.getByTestId('help-page-title').innerText()).toBe('Templates');
    expect(new URL(page.url()).searchParams.get('help')).toBe('templates');
    await look(page, 'help-page');

    // Closing takes ?help= off the address.
    await page.getByRole('button', { name: 'Close the help' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('help')).toBe(false);
  });

  it('searches the French pages without accents', async () => {
    failureShots();
    const page = await newPage('fr-FR');
    await page.goto(`${stack.webUrl}/?help=pages`);
    await page.getByTestId('help-drawer').waitFor();
    await page.getByTestId('help-search').fill('resultats debriefing');
    await expect
      .poll(() => page.locator('[data-testid^="help-result-"]').allInnerTexts())
      .toEqual([expect.stringContaining('Résultats et débriefing')]);
    await page.getByTestId('help-search').fill('salle d’attente');
    await expect
      .poll(() => page.locator('[data-testid^="help-result-"]').first().getAttribute('data-testid'))
      .toBe('help-result-join');
    await look(page, 'help-search-fr');
  });
});

describe('feedback', () => {
  it('reaches the team with the page it was sent from', async () => {
    failureShots();
    const page = await newPage();
    await page.goto(`${stack.webUrl}/leaderboard`);
    // The leaderboard hides the navbar: the help opens from the address.
    await page.goto(`${stack.webUrl}/leaderboard?help=feedback`);
    await page.getByTestId('help-drawer').waitFor();
    const message = `The leaderboard needs a filter by school ${Date.now()}`;

    // Nothing is sent without a message, and a wrong address is pointed out.
    await page.getByTestId('feedback-email').fill('not-an-address');
    await page.getByTestId('feedback-send').click();
    await page.getByText('Please write a message.').waitFor();
    await page.getByText('This email address does not look right.').waitFor();

    await page.getByTestId('feedback-message').fill(message);
    await page.getByTestId('feedback-email').fill('visitor@school.example');
    await page.getByTestId('feedback-send').click();
    await page.getByTestId('feedback-sent').waitFor({ timeout: 20_000 });
    await look(page, 'feedback-sent');

    const sent = await service.docs.query({
      collection: 'feedback',
      where: [{ field: 'message', op: '==', value: message }],
    });
    expect(sent).toHaveLength(1);
    const data = sent[0]?.data ?? {};
    expect(data).toMatchObject({
      message,
      email: 'visitor@school.example',
      page: '/leaderboard',
      locale: 'en',
    });
    // The visitor was signed in anonymously to send it.
    expect(typeof data['uid']).toBe('string');
  });
});

describe("What's new", () => {
  it('shows the unread entries on the dashboard and clears once opened', async () => {
    failureShots();
    const page = await newPage();
    await instructorOnDashboard(page, service, stack.webUrl, email('ada.news'));
    const bell = page.getByTestId('changelog-bell');
    await bell.waitFor({ timeout: 30_000 });
    const total = CHANGELOG.entries.length;
    expect(await bell.getAttribute('data-unread')).toBe(String(total));
    await expect
      .poll(() => bell.getAttribute('aria-label'))
      .toBe(`What's new: ${total} unread entries`);
    await look(page, 'changelog-bell');

    await bell.click();
    const panel = page.getByTestId('changelog-panel');
    await panel.waitFor();
    const newest = CHANGELOG.entries[0];
    await panel.getByTestId(`changelog-entry-${newest?.id ?? ''}`).waitFor();
    // Opened all the way (the pictures and axe read the colours at the end of the fade).
    await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await panel.getByTestId('changelog-new').allInnerTexts()).toEqual(
      Array.from({ length: total }, () => 'New'),
    );
    await look(page, 'changelog-open');
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');
    expect(await bell.getAttribute('aria-label')).toBe("What's new");

    // Read stays read in this browser.
    await page.reload();
    await bell.waitFor({ timeout: 30_000 });
    expect(await bell.getAttribute('data-unread')).toBe('0');
    await bell.click();
    await panel.waitFor();
    expect(await panel.getByTestId('changelog-new').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('Suggest a feature', () => {
  it('posts an idea that colleagues vote for once each', async () => {
    failureShots();
    const ada = await newPage();
    const grace = await newPage();
    await instructorOnDashboard(ada, service, stack.webUrl, email('ada.ideas'));
    await instructorOnDashboard(grace, service, stack.webUrl, email('grace.ideas'));
    const title = `Export the lobby as a class list ${Date.now()}`;

    await ada.goto(`${stack.webUrl}/dashboard/suggest-feature`);
    await ada.getByTestId('suggestion-title').waitFor({ timeout: 30_000 });
    // Too short is refused on the page.
    await ada.getByTestId('suggestion-title').fill('ab');
    await ada.getByTestId('suggestion-post').click();
    await ada.getByText('At least 3 characters.').waitFor();
    await ada.getByTestId('suggestion-title').fill(title);
    await ada.getByTestId('suggestion-details').fill('To mark attendance after class.');
    await ada.getByTestId('suggestion-post').click();

    const card = (page: Page) => page.locator(`[data-testid="suggestion"][data-title="${title}"]`);
    const votes = (page: Page) => card(page).getByTestId('suggestion-votes').innerText();
    await card(ada).waitFor({ timeout: 20_000 });
    expect(await votes(ada)).toBe('0 votes');

    await card(ada).getByTestId('suggestion-vote').click();
    await expect.poll(() => votes(ada), { timeout: 20_000 }).toBe('1 vote');
    await expect
      .poll(() => card(ada).getByTestId('suggestion-vote').getAttribute('aria-pressed'))
      .toBe('true');

    await grace.goto(`${stack.webUrl}/dashboard/suggest-feature`);
    await card(grace).waitFor({ timeout: 30_000 });
    expect(await votes(grace)).toBe('1 vote');
    await card(grace).getByTestId('suggestion-vote').click();
    await expect.poll(() => votes(grace), { timeout: 20_000 }).toBe('2 votes');
    // Ada's board follows live.
    await expect.poll(() => votes(ada), { timeout: 20_000 }).toBe('2 votes');
    await look(grace, 'suggest-board');

    // Ada takes her vote back: one vote left, hers no longer pressed.
    await card(ada).getByTestId('suggestion-vote').click();
    await expect.poll(() => votes(ada), { timeout: 20_000 }).toBe('1 vote');
    await expect
      .poll(() => card(ada).getByTestId('suggestion-vote').getAttribute('aria-pressed'))
      .toBe('false');
    const stored = await service.docs.query({
      collection: 'suggestions',
      where: [{ field: 'title', op: '==', value: title }],
    });
    expect(stored.map((s) => s.data?.['votes'])).toEqual([1]);
  });
});
