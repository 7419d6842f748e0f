/**
 * A French class on a phone (390×844): the default template's facility names come in French on the
 * intro and the play screen ("Détaillant", "Usine"), a facility the instructor renamed keeps its
 * name. The play screen is saved to /tmp/beer-french-play.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import { writeBeerGame } from '../../scripts/seed-beer-game';
import { browserSession, PHONE } from './browser-session';
import { serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const OTHERS = ['retailer', 'distributor', 'factory'];

const session = browserSession('beer-french', { logPageErrors: false });
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

/** A transparent four-role game, the distributor renamed by the instructor. */
async function seedGame(): Promise<string> {
  const gid = service.docs.newId();
  const template = structuredClone(defaultBeerTemplate(4));
  template.config.params.transparent = true;
  const distributor = template.config.facilities['distributor'];
  if (distributor) distributor.name = 'Entrepôt Lyon';
  const docs = buildBeerGameDocs({
    gid,
    creator: 'instructor-fr',
    creatorName: 'Instructor',
    name: 'Classe de Lyon',
    template,
    now: Date.now(),
    draft: false,
  });
  await writeBeerGame(service, docs, OTHERS);
  return gid;
}

describe('a French class', () => {
  it('sees the default facility names in French and a renamed one as typed', async () => {
    const gid = await seedGame();
    const page = await session.newPage({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
      locale: 'fr-FR',
    });
    await page.goto(`${stack.webUrl}/game/${gid}`);
    await page.getByTestId('role-wholesaler').getByText('Grossiste').waitFor({ timeout: 20_000 });
    await page.getByTestId('role-wholesaler').click();
    await page.getByTestId('intro-player-name').fill('Camille');
    await page.getByTestId('intro-join').click();
    await page.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await page.getByTestId('order-wholesaler-beer').waitFor({ timeout: 20_000 });
    // On a phone the map comes after the page's first paint (AfterPaint).
    await page.getByTestId('beer-map').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('Détaillant');
    expect(text).toContain('Usine');
    expect(text).toContain('Entrepôt Lyon');
    expect(text).not.toMatch(/\bRetailer\b|\bFactory\b|\bWholesaler\b/);
    await session.shot(page, 'play');
  });
});
