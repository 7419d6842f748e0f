/**
 * The session settings form in the instructor's language (issue 9, item 12): the round names and
 * descriptions of a default session template show translated, as in the rounds panel; a field the
 * instructor leaves alone keeps storing the English default, so a later language switch
 * translates it again, while an edited field is stored as typed. The French form is saved to
 * E2E_SCREENSHOTS (desktop and 390×844) when set.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;

let browser: Browser;
let service: ServiceClient;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  service = serviceClient();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  service?.close();
});

interface StoredRound {
  name: string;
  description: string;
}

async function storedRounds(sid: string): Promise<StoredRound[]> {
  const rounds = (await service.docs.get(`sessions/${sid}`)).data?.['rounds'];
  return (rounds as StoredRound[]).map(({ name, description }) => ({ name, description }));
}

/** The settings form's labels of a round's fields, in the languages the test shows. */
const LABELS = {
  fr: { name: 'Nom de la manche', description: 'Description' },
  de: { name: 'Name der Runde', description: 'Beschreibung' },
} as const;

const field = (
  page: Page,
  lang: keyof typeof LABELS,
  round: number,
  which: 'name' | 'description',
) => page.getByRole('textbox', { name: LABELS[lang][which] }).nth(round - 1);

describe.skipIf(stack.unavailable !== '')('the session settings form in other languages', () => {
  it('shows default round texts translated and stores only what the instructor edits', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err.message));
    const uid = await instructorOnDashboard(
      page,
      service,
      stack.webUrl,
      `langs${Date.now()}@school.example`,
    );
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByTestId('session-template-s-beer-visibility').click();
    await page.waitForURL('**/follow-up', { timeout: 30_000 });
    const sid = /\/session\/([^/]+)\/follow-up/.exec(page.url())?.[1] ?? '';
    const defaults = [
      { name: 'Blind chain', description: 'Each player sees only their own stage.' },
      { name: 'Transparent chain', description: 'Everyone sees the whole chain.' },
    ];
    expect(await storedRounds(sid)).toEqual(defaults);

    // The instructor's profile language becomes French: the form follows.
    await service.docs.update(`users/${uid}`, { language: 'fr' });
    await page
      .getByRole('button', { name: 'Enregistrer les modifications' })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => field(page, 'fr', 1, 'name').inputValue()).toBe("Chaîne à l'aveugle");
    expect(await field(page, 'fr', 1, 'description').inputValue()).toBe(
      'Chaque joueur ne voit que sa propre étape.',
    );
    expect(await field(page, 'fr', 2, 'name').inputValue()).toBe('Chaîne transparente');
    expect(await field(page, 'fr', 2, 'description').inputValue()).toBe(
      'Tout le monde voit toute la chaîne.',
    );
    // Shown, not changed: nothing to save.
    expect(
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).isDisabled(),
    ).toBe(true);
    if (SHOTS) {
      await field(page, 'fr', 1, 'name').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/session-settings-fr.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await field(page, 'fr', 1, 'name').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/session-settings-fr-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Round 1's description edited; a name cleared and typed back as shown stays the default.
    await field(page, 'fr', 1, 'description').fill('Sans voir la chaîne, mardi.');
    await field(page, 'fr', 1, 'name').fill('');
    await field(page, 'fr', 1, 'name').pressSequentially("Chaîne à l'aveugle");
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect
      .poll(() => storedRounds(sid), { timeout: 15_000 })
      .toEqual([{ name: 'Blind chain', description: 'Sans voir la chaîne, mardi.' }, defaults[1]]);

    // German next: the untouched defaults follow, the typed description stays as typed.
    await service.docs.update(`users/${uid}`, { language: 'de' });
    await expect
      .poll(() => field(page, 'de', 2, 'name').inputValue(), { timeout: 20_000 })
      .toBe('Transparente Kette');
    expect(await field(page, 'de', 1, 'name').inputValue()).toBe('Blinde Kette');
    expect(await field(page, 'de', 1, 'description').inputValue()).toBe(
      'Sans voir la chaîne, mardi.',
    );
    expect(await field(page, 'de', 2, 'description').inputValue()).toBe(
      'Alle sehen die ganze Kette.',
    );

    // A session made without a name takes the template's title in the language on screen.
    await page.goto(`${stack.webUrl}/dashboard/sessions`);
    await page.getByRole('button', { name: 'Neue Sitzung' }).click();
    await page.getByTestId('session-template-s-beer-visibility').click();
    await page.waitForURL(
      (url) => url.pathname.endsWith('/follow-up') && !url.pathname.includes(sid),
      {
        timeout: 30_000,
      },
    );
    const second = /\/session\/([^/]+)\/follow-up/.exec(page.url())?.[1] ?? '';
    expect((await service.docs.get(`sessions/${second}`)).data?.['name']).toBe(
      'Blind, dann transparent',
    );
  }, 180_000);
});
