/**
 * A lean game's `/game/:id/intro`: the shared intro page (role choice, join anonymously or signed
 * in, observe) with the line drawn on its grid, the rules of the lean game, and what the station
 * chosen (or held) does: the dots it paints, inspection, rework, the warehouse's orders.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { IntroScreenProps } from '@/features/games/shared/game-types';
import { IntroPage } from '@/features/games/shared/intro-page';
import { LeanFacilityIcon } from '@/features/games/lean/facility-icon';
import { floorStations } from '@/features/games/lean/floor-model';
import { FloorGrid } from '@/features/games/lean/floor-grid';
import {
  roleById,
  type LeanRole,
  type LeanScreenGame,
} from '@/features/games/lean/lean-game-model';
import { ProductDots } from '@/features/games/lean/product-dots';
import { StationDuties } from '@/features/games/lean/station-desk';
import { UnreadableGame } from '@/features/games/lean/unreadable-game';
import { useLeanGame } from '@/features/games/lean/use-lean';
import { useFormatNumber } from '@/lib/i18n/format-number';

/** The screen the registry of game types gives for a lean game's intro. */
export function LeanIntroScreen({
  game: shared,
  data,
  role,
  user,
  defaultPlayerName,
  defaultShowName,
  signInAnonymously,
}: IntroScreenProps) {
  const { t } = useTranslation();
  const game = useLeanGame(shared, data);
  if (!game) return <UnreadableGame />;
  const stations = game.roles.filter((r) => r.type !== 'warehouse').length;
  const own = role.kind === 'player' ? role.facilityId : null;
  return (
    <IntroPage
      game={{ ...shared, facilities: game.roles }}
      user={user}
      defaultPlayerName={defaultPlayerName}
      defaultShowName={defaultShowName}
      signInAnonymously={signInAnonymously}
      lead={t('leanPlay.intro.lead', { count: stations })}
      facilityIcon={(f) => <LeanFacilityIcon type={f.type} fontSize="inherit" />}
      rules={(selected) => <LeanRules game={game} selected={selected} own={own} />}
    />
  );
}

function LeanRules({
  game,
  selected,
  own,
}: {
  game: LeanScreenGame;
  selected: LeanRole | null;
  own: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const chosen = selected ?? roleById(game, own);
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('game.intro.rulesTitle')}
      </Typography>
      <Typography component="div" sx={{ '& li': { mb: 0.5 } }}>
        <ul>
          <li>{t('leanPlay.intro.rules.goal')}</li>
          <li>{t('leanPlay.intro.rules.time', { minutes: format(game.lean.totalDuration) })}</li>
          <li>{t('leanPlay.intro.rules.paint')}</li>
          <li>{t('leanPlay.intro.rules.batch')}</li>
          <li>
            {game.lean.transparent
              ? t('leanPlay.intro.rules.transparent')
              : t('leanPlay.intro.rules.neighbours')}
          </li>
        </ul>
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('leanPlay.intro.lineTitle')}
      </Typography>
      <FloorGrid
        game={game}
        stations={floorStations(game, null, chosen?.id ?? null)}
        testId="intro-floor"
      />
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('leanPlay.intro.productsTitle')}
        </Typography>
        {game.templates.map((tm) => (
          <Stack
            key={tm.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <Typography variant="body2" sx={{ minWidth: 80, fontWeight: 600 }}>
              {tm.name}
            </Typography>
            <ProductDots ops={tm.ops} label={tm.name} size={20} />
          </Stack>
        ))}
      </Stack>
      {chosen && (
        <Box sx={{ mt: 2 }} data-testid="intro-role-rules">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('game.intro.yourRole', { role: chosen.name })}
          </Typography>
          {chosen.type === 'warehouse' ? (
            <Typography variant="body2">{t('leanPlay.duties.warehouse')}</Typography>
          ) : (
            <StationDuties game={game} role={chosen} />
          )}
        </Box>
      )}
    </>
  );
}
