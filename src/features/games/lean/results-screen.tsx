/**
 * A lean game's `/game/:id/results` and `/game/:id/debrief`: recharts charts of each lean section
 * of spec §9 the game's debrief shows (`params.configDebrief.debriefContent`), from the core's
 * `leanDebrief` (the final stats, or the run so far for the game's admins), on the shared debrief
 * page (thank-you section, questions or quiz, answers). The results page shows the outcomes, the
 * debrief page the reasons; resource efficiency sits next to flow efficiency.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { obj, str } from '@/features/games/shared/doc-values';
import { DebriefPage } from '@/features/games/shared/debrief-page';
import { parseConfigDebrief } from '@/features/games/shared/game-model';
import type { DebriefScreenProps } from '@/features/games/shared/game-types';
import { loadLeanDebrief, type LeanDebriefData } from '@/features/games/lean/debrief-data';
import {
  LEAN_DEBRIEF_SECTIONS,
  LEAN_PAGE_SECTIONS,
  type LeanDebriefSection,
} from '@/features/games/lean/debrief-sections';
import { BalanceSection } from '@/features/games/lean/results-balance';
import { DeliveriesSection } from '@/features/games/lean/results-deliveries';
import { FlowSection } from '@/features/games/lean/results-flow';
import { useFormats } from '@/features/games/lean/results-parts';
import { PnlSection } from '@/features/games/lean/results-pnl';
import { QualitySection } from '@/features/games/lean/results-quality';
import { ResourcesSection } from '@/features/games/lean/results-resources';
import { WipSection } from '@/features/games/lean/results-wip';
import { useLeanNames } from '@/features/games/lean/use-lean-names';
import { ownEntry } from '@/lib/own';

/** The screen the registry of game types gives for a lean game's results and debrief. */
export function LeanDebriefScreen({ game, data, role, user, page }: DebriefScreenProps) {
  const { t } = useTranslation();
  const f = useFormats();
  const names = useLeanNames();
  const [loaded, setLoaded] = useState<{ gid: string; value: LeanDebriefData | null } | null>(null);
  const params = obj(data['params']);
  const runStart = params['game_start_at'];
  useEffect(() => {
    let live = true;
    void loadLeanDebrief(game.id).then((value) => live && setLoaded({ gid: game.id, value }));
    return () => {
      live = false;
    };
    // Read again when the run starts or ends.
  }, [game.id, game.finished, runStart]);

  const facilityNames = useMemo(
    () => new Map(game.facilities.map((x) => [x.id, x.name])),
    [game.facilities],
  );
  const facilityOrder = useMemo(() => {
    const stored = obj(data['facilities']);
    return game.facilities
      .map((x) => x.id)
      .sort(
        (a, b) =>
          Number(obj(ownEntry(stored, a))['line'] ?? 0) -
          Number(obj(ownEntry(stored, b))['line'] ?? 0),
      );
  }, [data, game.facilities]);
  const facilityName = (fid: string) => facilityNames.get(fid) ?? fid;
  const templates = obj(params['productsTemplates']);
  const productName = (tid: string) =>
    names.product(str(obj(ownEntry(templates, tid))['name'], tid));

  const enabled = parseConfigDebrief(params['configDebrief'], LEAN_DEBRIEF_SECTIONS).debriefContent;
  const sections = LEAN_PAGE_SECTIONS[page].filter((s) => enabled.includes(s));
  const value = loaded !== null && loaded.gid === game.id ? loaded.value : undefined;
  const seesAll =
    role.kind === 'creator' || role.kind === 'observer' || params['transparent'] === true;

  const blocks = (d: LeanDebriefData): Record<LeanDebriefSection, ReactNode> => ({
    pnl: <PnlSection debrief={d.debrief} />,
    deliveries: <DeliveriesSection debrief={d.debrief} productName={productName} />,
    balance: <BalanceSection debrief={d.debrief} facilityName={facilityName} />,
    wip: <WipSection debrief={d.debrief} />,
    quality: <QualitySection debrief={d.debrief} facilityName={facilityName} />,
    flowefficiency: (
      <FlowSection
        debrief={d.debrief}
        facilityName={facilityName}
        productName={productName}
        facilityOrder={facilityOrder}
      />
    ),
    resefficiency: <ResourcesSection debrief={d.debrief} facilityName={facilityName} />,
  });

  return (
    <DebriefPage
      game={game}
      page={page}
      role={role}
      uid={user?.uid ?? null}
      seesAll={seesAll}
      runningNotice={
        value?.source === 'running'
          ? t('leanResults.running', { minute: f.num(value.debrief.duration) })
          : t('leanResults.notFinished')
      }
      figures={value === undefined ? 'loading' : value === null ? 'none' : 'ready'}
    >
      {value && <Sections sections={sections} blocks={blocks(value)} />}
    </DebriefPage>
  );
}

/** The sections in order; flow and resource efficiency side by side on a wide screen. */
function Sections({
  sections,
  blocks,
}: {
  sections: readonly LeanDebriefSection[];
  blocks: Record<LeanDebriefSection, ReactNode>;
}) {
  const pair = sections.includes('flowefficiency') && sections.includes('resefficiency');
  return (
    <Stack spacing={3} data-testid="lean-debrief-sections">
      {sections.map((s) => {
        if (pair && s === 'resefficiency') return null;
        if (pair && s === 'flowefficiency') {
          return (
            <Box
              key="efficiency"
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {blocks.flowefficiency}
              {blocks.resefficiency}
            </Box>
          );
        }
        return <Box key={s}>{blocks[s]}</Box>;
      })}
    </Stack>
  );
}
