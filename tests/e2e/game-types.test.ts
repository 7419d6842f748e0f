/**
 * The shared game pages with a second game type, on the real local stack in headless Chromium: a
 * lean game's intro shows its name, its stations as roles and its line; a player joins a station
 * anonymously and lands on the lean play page, an observer watches on the lean live view; its
 * creator opens the lean editor; a game of a type nobody registered is unknown. Screens are saved
 * to /tmp/game-types-*.png.
 */
import { describe, expect, inject, it } from 'vitest';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import type { LeanGameConfig } from '@sim/core/templates/types';
import { browserSession } from './browser-session';
import { serviceClient, signUpInstructor } from './stack-helpers';

const stack = inject('stack');

const session = browserSession('game-types', {
  context: { viewport: { width: 1280, height: 900 } },
});

describe('game types on the shared game pages', () => {
  it('a lean game shows its intro, join and observe; an unregistered type is unknown', async () => {
    const service = serviceClient();
    const email = `types${Date.now()}@school.example`;
    const password = 'correct-horse-9';
    const teacherUid = await signUpInstructor(email, password);
    await service.docs.set(`users/${teacherUid}`, {
      firstname: 'Taiichi',
      lastname: 'Ohno',
      name: 'Taiichi Ohno',
      email,
      profileType: 'teacher',
    });
    const gid = service.docs.newId();
    const docs = buildLeanGameDocs({
      gid,
      creator: teacherUid,
      creatorName: 'Taiichi Ohno',
      name: 'Lean at 10',
      config: LEAN_TEMPLATES[0]!.config as LeanGameConfig,
      now: Date.now(),
    });
    await service.docs.set(`games/${gid}`, { ...docs.game });
    await service.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });
    const other = service.docs.newId();
    await service.docs.set(`games/${other}`, {
      ...docs.game,
      id: other,
      type: 'othergame',
      name: 'Unregistered',
    });

    // ---- a player: the shared intro with the stations as roles, then the join
    const player = await session.newPage();
    await player.goto(`${stack.webUrl}/game/${gid}/intro`);
    await player
      .getByRole('heading', { level: 1, name: 'Lean at 10' })
      .waitFor({ timeout: 30_000 });
    await player.getByTestId('intro-floor').waitFor();
    for (const fid of Object.keys(docs.game.facilities)) {
      await player.getByTestId(`role-${fid}`).waitFor();
    }
    await expect(player.getByTestId('role-yellow').textContent()).resolves.toContain('Yellow');
    await session.shot(player, 'lean-intro');
    await player.getByTestId('role-yellow').click();
    await player.getByTestId('intro-player-name').fill('Yuki');
    await player.getByTestId('intro-join').click();
    await player.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await player.getByTestId('lean-desk-waiting').waitFor({ timeout: 20_000 });
    await expect(player.getByTestId('playing-as').textContent()).resolves.toContain('Yellow');
    const stored = (await service.docs.get(`games/${gid}`)).data ?? {};
    const yellow = (stored['facilities'] as Record<string, Record<string, unknown>>)['yellow'];
    expect(yellow?.['playerName']).toBe('Yuki');
    expect(stored['players']).toEqual([yellow?.['user']]);
    await session.shot(player, 'lean-play');
    // Back on the intro the player holds the station: no role choice, a way back in.
    await player.goto(`${stack.webUrl}/game/${gid}/intro`);
    await player.getByTestId('intro-continue').waitFor({ timeout: 20_000 });
    await expect(player.getByTestId('role-yellow').count()).resolves.toBe(0);

    // ---- an observer
    const observer = await session.newPage();
    await observer.goto(`${stack.webUrl}/game/${gid}/intro`);
    await observer.getByTestId('role-yellow').waitFor({ timeout: 30_000 });
    await expect(observer.getByTestId('role-yellow').isDisabled()).resolves.toBe(true);
    await observer.getByTestId('intro-observe').click();
    await observer.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await observer.getByTestId('lean-follow-roles').waitFor({ timeout: 20_000 });

    // ---- the creator: the game type's editor
    const teacher = await session.newPage();
    await teacher.goto(`${stack.webUrl}/login`);
    await teacher.getByLabel(/email/i).fill(email);
    await teacher
      .getByLabel(/password/i)
      .first()
      .fill(password);
    await teacher.getByRole('button', { name: /log in/i }).click();
    await teacher.waitForURL('**/dashboard/**', { timeout: 20_000 });
    await teacher.goto(`${stack.webUrl}/game/${gid}/edit`);
    await teacher.getByTestId('editor-name').waitFor({ timeout: 20_000 });

    // ---- a type nobody registered is unknown
    await teacher.goto(`${stack.webUrl}/game/${other}/intro`);
    await teacher
      .getByText('This game is unknown: it does not exist or it was deleted.')
      .waitFor({ timeout: 20_000 });
    service.close();
  });
});
