/**
 * The beer game's `/game/:id/intro`: the shared intro page (join, observe) with the rules of the
 * beer game and of the role chosen, and the facilities' pictures.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BeerGameDoc, PublicFacility } from '@/features/games/beer/game-model';
import { facilityIcon } from '@/features/games/beer/map-view';
import { useBeerGame } from '@/features/games/beer/use-game';
import type { IntroScreenProps } from '@/features/games/shared/game-types';
import { IntroPage } from '@/features/games/shared/intro-page';

/** The screen the registry of game types gives for a beer game's intro. */
export function BeerIntroScreen({
  game: shared,
  data,
  user,
  defaultPlayerName,
  defaultShowName,
  signInAnonymously,
}: IntroScreenProps) {
  const { t } = useTranslation();
  const game = useBeerGame(shared.id, data);
  return (
    <IntroPage
      game={game}
      user={user}
      defaultPlayerName={defaultPlayerName}
      defaultShowName={defaultShowName}
      signInAnonymously={signInAnonymously}
      lead={t('game.intro.lead', { n: game.facilities.length })}
      facilityIcon={(f) => facilityIcon(f.visual)}
      rules={(selected) => <BeerRules game={game} selected={selected} />}
    />
  );
}

function BeerRules({ game, selected }: { game: BeerGameDoc; selected: PublicFacility | null }) {
  const { t } = useTranslation();
  const supplierName = (fid: string | null) =>
    fid === null ? null : (game.facilities.find((f) => f.id === fid)?.name ?? fid);
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('game.intro.rulesTitle')}
      </Typography>
      <Typography component="div" sx={{ '& li': { mb: 0.5 } }}>
        <ul>
          <li>{t('game.intro.rules.goal')}</li>
          <li>{t('game.intro.rules.week')}</li>
          <li>{t('game.intro.rules.costs')}</li>
          <li>{t('game.intro.rules.backlog')}</li>
          <li>
            {game.params.transparent
              ? t('game.intro.rules.transparent')
              : t('game.intro.rules.hidden')}
          </li>
        </ul>
      </Typography>
      {selected && (
        <Box sx={{ mt: 2 }} data-testid="intro-role-rules">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('game.intro.yourRole', { role: selected.name })}
          </Typography>
          <ul>
            {selected.clients.length === 0 ? (
              <li>{t('game.intro.roleRules.consumers')}</li>
            ) : (
              <li>
                {t('game.intro.roleRules.clients', {
                  names: selected.clients.map((c) => supplierName(c)).join(', '),
                })}
              </li>
            )}
            {selected.capabilities.map((c) => (
              <li key={c.id}>
                {c.type === 'production'
                  ? t('game.intro.roleRules.production', { weeks: c.leadtime })
                  : t('game.intro.roleRules.purchase', {
                      supplier: supplierName(c.from) ?? '',
                      weeks: c.leadtime,
                    })}
                {c.moq > 0 && ` ${t('game.order.moq', { n: c.moq })}`}
                {c.batchSize > 0 && ` ${t('game.order.batch', { n: c.batchSize })}`}
                {c.maxOrderQty > 0 && ` ${t('game.order.max', { n: c.maxOrderQty })}`}
              </li>
            ))}
            <li>
              {t('game.intro.roleRules.visible', {
                weeks: selected.capabilities[0]?.visibleWeeks ?? 0,
              })}
            </li>
          </ul>
        </Box>
      )}
    </>
  );
}
