import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import ShareIcon from '@mui/icons-material/Share';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocSnapshot } from '@sim/core/port/data-port';
import {
  copyGame,
  deleteGames,
  loadGamesPage,
  loadTeam,
  mergeIntoTemplate,
  saveGameAsTemplate,
  setArchived,
} from '@/features/game-list/game-list-api';
import {
  COPY_MAX,
  copyCountProblem,
  deleteConfirmed,
  mergeGameLists,
  mergeProblem,
  parseGameItem,
  type GameListItem,
} from '@/features/game-list/game-list-model';
import { ShareDialog } from '@/components/share-panel';
import { showError } from '@/lib/errors/error-store';
import { shareUrl } from '@/lib/share/share-url';
import { showToast } from '@/lib/toast/toast-store';

export interface GameListPanelProps {
  readonly uid: string;
  readonly userName: string;
}

interface ListState {
  readonly own: GameListItem[];
  readonly team: GameListItem[];
  readonly ownCursor: DocSnapshot | null;
  readonly teamCursor: DocSnapshot | null;
  readonly teamId: string | null;
  readonly names: Record<string, string>;
  readonly loaded: boolean;
}

const EMPTY: ListState = {
  own: [],
  team: [],
  ownCursor: null,
  teamCursor: null,
  teamId: null,
  names: {},
  loaded: false,
};

function useGameList(uid: string, showArchived: boolean, meLabel: string) {
  const [state, setState] = useState<ListState>(EMPTY);
  const [version, setVersion] = useState(0);
  const toItems = useCallback(
    (docs: DocSnapshot[]) => docs.map((d) => parseGameItem(d.id, d.data ?? {}, uid, meLabel)),
    [uid, meLabel],
  );

  useEffect(() => {
    let live = true;
    (async () => {
      const team = await loadTeam(uid).catch(() => null);
      const [own, teamPage] = await Promise.all([
        loadGamesPage({ field: 'creator', value: uid }, showArchived, null),
        team ? loadGamesPage({ field: 'team', value: team.id }, showArchived, null) : null,
      ]);
      if (!live) return;
      setState({
        own: toItems(own.docs),
        team: teamPage ? toItems(teamPage.docs) : [],
        ownCursor: own.cursor,
        teamCursor: teamPage?.cursor ?? null,
        teamId: team?.id ?? null,
        names: team?.names ?? {},
        loaded: true,
      });
    })().catch((error: unknown) => showError(error));
    return () => {
      live = false;
    };
  }, [uid, showArchived, toItems, version]);

  const loadMore = async () => {
    try {
      const [own, team] = await Promise.all([
        state.ownCursor
          ? loadGamesPage({ field: 'creator', value: uid }, showArchived, state.ownCursor)
          : null,
        state.teamCursor && state.teamId
          ? loadGamesPage({ field: 'team', value: state.teamId }, showArchived, state.teamCursor)
          : null,
      ]);
      setState((s) => ({
        ...s,
        own: own ? [...s.own, ...toItems(own.docs)] : s.own,
        team: team ? [...s.team, ...toItems(team.docs)] : s.team,
        ownCursor: own ? own.cursor : s.ownCursor,
        teamCursor: team ? team.cursor : s.teamCursor,
      }));
    } catch (error) {
      showError(error);
    }
  };

  const games = useMemo(
    () =>
      mergeGameLists(state.own, state.team, { uid, ownLabel: meLabel, memberNames: state.names }),
    [state, uid, meLabel],
  );
  return {
    games,
    loaded: state.loaded,
    hasMore: state.ownCursor !== null || state.teamCursor !== null,
    loadMore,
    reload: () => setVersion((v) => v + 1),
    teamId: state.teamId,
  };
}

type Action = 'copy' | 'delete' | 'merge' | 'template' | null;

/** The instructor's games (spec §7): select to copy, archive, delete or merge into a template. */
export function GameListPanel({ uid, userName }: GameListPanelProps) {
  const { t, i18n } = useTranslation();
  const [showArchived, setShowArchived] = useState(false);
  const list = useGameList(uid, showArchived, t('gamelist.me'));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<Action>(null);
  const [count, setCount] = useState('1');
  const [name, setName] = useState('');
  const [typed, setTyped] = useState('');
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState<{ id: string; name: string } | null>(null);

  const chosen = list.games.filter((g) => selected.has(g.id));
  const mineChosen = chosen.filter((g) => g.mine);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const open = (a: Action) => {
    setAction(a);
    setTouched(false);
    setCount('1');
    setName('');
    setTyped('');
    setTitle('');
  };
  const done = () => {
    setAction(null);
    setSelected(new Set());
    list.reload();
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const countProblem = copyCountProblem(count);
  const copy = () =>
    run(async () => {
      setTouched(true);
      if (countProblem) return;
      const n = Number(count.trim());
      for (const game of chosen) {
        await copyGame(game, n, name, { uid, creatorName: userName, now: Date.now() });
      }
      showToast(t('gamelist.copied', { count: n * chosen.length }), { durationMs: 1500 });
      done();
    });

  const remove = () =>
    run(async () => {
      setTouched(true);
      if (!deleteConfirmed(typed, mineChosen.length)) return;
      await deleteGames(mineChosen.map((g) => g.id));
      showToast(t('gamelist.deleted', { count: mineChosen.length }), { durationMs: 3000 });
      done();
    });

  const problem = mergeProblem(title, chosen);
  const merge = () =>
    run(async () => {
      setTouched(true);
      if (problem) return;
      await mergeIntoTemplate(chosen, title, { uid, team: list.teamId, now: Date.now() });
      showToast(t('gamelist.merged'), { durationMs: 5000 });
      done();
    });

  /** Spec §7: save one game as a game template (spec §5: the title is optional). */
  const saveTemplate = () =>
    run(async () => {
      const [game] = chosen;
      if (!game) return;
      await saveGameAsTemplate(game, title, { uid, team: list.teamId, now: Date.now() });
      showToast(t('gamelist.savedAsTemplate'), { durationMs: 1500 });
      done();
    });

  const archive = (archived: boolean) =>
    run(async () => {
      await setArchived(
        mineChosen.map((g) => g.id),
        archived,
      );
      showToast(archived ? t('gamelist.archived') : t('gamelist.unarchived'), {
        durationMs: 1500,
      });
      done();
    });

  return (
    <Stack spacing={2} data-testid="game-list">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h2">
          {t('gamelist.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
            }
            label={t('gamelist.showArchived')}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to="/dashboard/games/new"
          >
            {t('gamelist.newGame')}
          </Button>
        </Stack>
      </Stack>
      {selected.size > 0 && (
        <Paper
          variant="outlined"
          sx={{
            p: 1.5,
            borderRadius: 3,
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
          }}
        >
          <Typography sx={{ mr: 1 }}>{t('gamelist.selected', { count: selected.size })}</Typography>
          <Button startIcon={<ContentCopyIcon />} onClick={() => open('copy')}>
            {t('gamelist.copy')}
          </Button>
          <Button
            startIcon={<ArchiveOutlinedIcon />}
            disabled={busy}
            onClick={() => void archive(true)}
          >
            {t('gamelist.archive')}
          </Button>
          <Button
            startIcon={<UnarchiveOutlinedIcon />}
            disabled={busy}
            onClick={() => void archive(false)}
          >
            {t('gamelist.unarchive')}
          </Button>
          <Button startIcon={<MergeTypeIcon />} onClick={() => open('merge')}>
            {t('gamelist.merge')}
          </Button>
          {chosen.length === 1 && (
            <Button startIcon={<SaveOutlinedIcon />} onClick={() => open('template')}>
              {t('gamelist.saveAsTemplate')}
            </Button>
          )}
          <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => open('delete')}>
            {t('gamelist.delete')}
          </Button>
        </Paper>
      )}
      {list.loaded && list.games.length === 0 && (
        <Alert severity="info">{t('gamelist.empty')}</Alert>
      )}
      <Stack spacing={1}>
        {list.games.map((g) => (
          <Paper
            key={g.id}
            variant="outlined"
            data-testid="game-row"
            sx={{ px: 1, py: 1, borderRadius: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}
          >
            <Checkbox
              checked={selected.has(g.id)}
              onChange={() => toggle(g.id)}
              slotProps={{ input: { 'aria-label': g.name } }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                component={RouterLink}
                to={`/game/${g.id}/intro`}
                sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
                data-testid="game-name"
              >
                {g.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {new Date(g.createdAt).toLocaleString(i18n.language)} · {g.owner}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={g.type === 'beergame' ? 'primary' : 'secondary'}
              label={t(`gamelist.types.${g.type}`)}
            />
            {g.archived && <Chip size="small" label={t('gamelist.archivedTag')} />}
            {g.finished && <Chip size="small" color="success" label={t('gamelist.finished')} />}
            <Tooltip title={t('share.button')}>
              <IconButton
                aria-label={`${t('share.button')} · ${g.name}`}
                onClick={() => setSharing({ id: g.id, name: g.name })}
                data-testid="game-share"
              >
                <ShareIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Paper>
        ))}
      </Stack>
      {list.hasMore && (
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => void list.loadMore()}>{t('gamelist.loadMore')}</Button>
        </Box>
      )}

      <ShareDialog
        open={sharing !== null}
        onClose={() => setSharing(null)}
        name={sharing?.name ?? ''}
        url={shareUrl(`/game/${sharing?.id ?? ''}/intro`)}
        text={t('share.gameText')}
      />

      <Dialog open={action === 'copy'} onClose={() => setAction(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('gamelist.copyTitle', { count: chosen.length })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('gamelist.copyCount')}
              value={count}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={touched && countProblem !== null}
              helperText={
                touched && countProblem
                  ? t(`gamelist.countProblems.${countProblem}`, { max: COPY_MAX })
                  : t('gamelist.copyCountHint', { max: COPY_MAX })
              }
              onChange={(e) => setCount(e.target.value)}
            />
            <TextField
              label={t('gamelist.copyName')}
              value={name}
              placeholder={chosen[0]?.name}
              onChange={(e) => setName(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>{t('gamelist.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void copy()}>
            {t('gamelist.copy')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={action === 'delete'} onClose={() => setAction(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('gamelist.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {t('gamelist.deleteText', { count: mineChosen.length })}
          </Typography>
          <TextField
            fullWidth
            label={t('gamelist.deleteType')}
            value={typed}
            error={touched && !deleteConfirmed(typed, mineChosen.length)}
            helperText={
              touched && !deleteConfirmed(typed, mineChosen.length)
                ? t('gamelist.deleteMismatch', { count: mineChosen.length })
                : ' '
            }
            onChange={(e) => setTyped(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>{t('gamelist.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
            {t('gamelist.delete')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={action === 'merge'} onClose={() => setAction(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('gamelist.mergeTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {t('gamelist.mergeText', { count: chosen.length })}
          </Typography>
          <TextField
            fullWidth
            required
            label={t('gamelist.templateTitle')}
            value={title}
            error={touched && problem !== null}
            helperText={touched && problem ? t(`gamelist.mergeProblems.${problem}`) : ' '}
            onChange={(e) => setTitle(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>{t('gamelist.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void merge()}>
            {t('gamelist.merge')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={action === 'template'} onClose={() => setAction(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('gamelist.saveAsTemplateTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            label={t('gamelist.templateTitleOptional')}
            placeholder={chosen[0]?.name}
            slotProps={{ inputLabel: { shrink: true } }}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>{t('gamelist.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void saveTemplate()}>
            {t('gamelist.saveAsTemplate')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
