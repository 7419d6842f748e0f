/**
 * The lean game editor (`/game/:id/edit` of a lean game, and a new blank lean game): every
 * parameter of spec §3 and design B.3–B.5 within the validation of B.16, in the shared editor
 * frame (name, issues, save) with the shared debrief section. Each issue's text shows next to its
 * field; the game is saved only when it validates. A game that has had a run is reset on save.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LeanGameInput } from '@sim/core/lean/model';
import { LEAN_DEBRIEF_SECTIONS } from '@/features/games/lean/debrief-sections';
import { AssignmentSection } from '@/features/games/lean/editor-assignment-section';
import { DemandSection } from '@/features/games/lean/editor-demand-section';
import {
  blankLeanConfig,
  docsForNewLean,
  draftFromDocs,
  draftOf,
  hasRun,
  leanEditPlan,
  validateLeanDraft,
  type LeanEditorDraft,
} from '@/features/games/lean/editor-draft';
import { EconomicsSection } from '@/features/games/lean/editor-economics-section';
import { ImprovementsSection } from '@/features/games/lean/editor-improvements-section';
import { LineSection } from '@/features/games/lean/editor-line-section';
import { ProductsSection } from '@/features/games/lean/editor-products-section';
import { RunSection } from '@/features/games/lean/editor-run-section';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { createLeanGame, updateLeanGame } from '@/features/games/lean/lean-editor-api';
import { DebriefConfigSection } from '@/features/games/shared/debrief-config-section';
import { keepDraft, loadEditableGame, readKeptDraft } from '@/features/games/shared/editable-game';
import type { FieldIssue } from '@/features/games/shared/editor-fields';
import { EditorFrame } from '@/features/games/shared/editor-frame';
import { newGameId, teamIdOf } from '@/features/games/shared/game-api';
import type { EditorScreenProps } from '@/features/games/shared/game-types';
import { PageLoader } from '@/components/page-loader';
import { SimplePage } from '@/components/simple-page';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

const KEPT_DRAFT = 'simgames.leanEditorDraft';

function keptDraftOf(value: unknown): LeanEditorDraft | null {
  const d = (typeof value === 'object' && value !== null ? value : {}) as Partial<LeanEditorDraft>;
  const config = d.config as Partial<LeanGameInput> | undefined;
  return typeof d.name === 'string' &&
    config &&
    typeof config.params === 'object' &&
    typeof config.facilities === 'object' &&
    d.configDebrief &&
    typeof d.answers === 'object'
    ? (d as LeanEditorDraft)
    : null;
}

/** The screen the registry of game types gives for a lean game's editor. */
export function LeanEditorScreen({ gameId, uid, creatorName }: EditorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<LeanEditorDraft | null>(() =>
    gameId
      ? null
      : (readKeptDraft(KEPT_DRAFT, keptDraftOf) ??
        draftOf(
          '',
          blankLeanConfig({
            warehouse: t('leanEditor.blank.warehouse'),
            station: t('leanEditor.line.newName.station', { n: 1 }),
            product: t('leanEditor.products.newName', { n: 1 }),
          }),
        )),
  );
  const [stored, setStored] = useState<Record<string, unknown> | null>(null);
  const [loadError, setLoadError] = useState<'unknown' | 'notCreator' | null>(null);
  const [saving, setSaving] = useState(false);
  // A new game whose first save failed halfway is completed by saving again under the same id.
  const [pendingId] = useState(() => (gameId ? null : newGameId()));
  const [showIssues, setShowIssues] = useState(false);

  useEffect(() => {
    if (!gameId) return undefined;
    let live = true;
    void (async () => {
      try {
        const found = await loadEditableGame(gameId, uid);
        if (!live) return;
        if (found.kind !== 'ok') {
          setLoadError(found.kind);
          return;
        }
        setStored(found.data);
        setDraft(draftFromDocs(found.data, found.privateParams));
      } catch (err) {
        showError(err);
        if (live) setLoadError('unknown');
      }
    })();
    return () => {
      live = false;
    };
  }, [gameId, uid]);

  const issues = useMemo(() => (draft ? validateLeanDraft(draft) : []), [draft]);
  // A new game's draft survives a reload of the page until it is saved.
  useEffect(() => {
    if (!gameId && draft) keepDraft(KEPT_DRAFT, draft);
  }, [gameId, draft]);

  const issueAt = useCallback(
    (path: string): FieldIssue | undefined =>
      showIssues || path !== 'name' ? issues.find((i) => i.path === path) : undefined,
    [issues, showIssues],
  );
  const countUnder = useCallback(
    (...prefixes: string[]) =>
      issues.filter((i) => prefixes.some((p) => i.path === p || i.path.startsWith(`${p}.`))).length,
    [issues],
  );
  const change = useCallback(
    (edit: (config: LeanGameInput) => LeanGameInput) =>
      setDraft((prev) => (prev ? { ...prev, config: edit(prev.config) } : prev)),
    [],
  );

  if (loadError) {
    return (
      <SimplePage
        title={t('leanEditor.title')}
        description={t(loadError === 'unknown' ? 'game.messGameUnknown' : 'game.editor.notCreator')}
      />
    );
  }
  if (!draft) return <PageLoader />;

  const played = stored !== null && hasRun(stored);
  const save = async () => {
    setShowIssues(true);
    if (issues.length > 0) return;
    setSaving(true);
    try {
      const gid = gameId ?? pendingId ?? newGameId();
      if (gameId && stored) {
        await updateLeanGame(gid, leanEditPlan(draft, stored), played);
      } else {
        // Shared with the instructor's team from the start (spec §6).
        const docs = docsForNewLean(draft, {
          gid,
          creator: uid,
          creatorName,
          team: await teamIdOf(uid),
          now: Date.now(),
        });
        await createLeanGame(gid, docs);
        keepDraft(KEPT_DRAFT, null);
      }
      showToast(t('game.editor.saved'), { durationMs: 1500 });
      navigate(`/game/${gid}/play`);
    } catch (err) {
      showError(err);
      setSaving(false);
    }
  };

  const sectionProps: LeanSectionProps = { config: draft.config, change, issueAt, countUnder };
  return (
    <EditorFrame
      title={gameId ? t('leanEditor.editTitle') : t('leanEditor.title')}
      restartWarning={played ? t('leanEditor.playedWarning') : null}
      name={draft.name}
      onName={(name) => setDraft((d) => (d ? { ...d, name } : d))}
      nameIssue={issueAt('name')}
      issues={issues}
      showIssues={showIssues}
      saving={saving}
      isNew={!gameId}
      onSave={() => void save()}
    >
      <RunSection {...sectionProps} />
      <LineSection {...sectionProps} />
      <ProductsSection {...sectionProps} />
      <AssignmentSection {...sectionProps} />
      <DemandSection {...sectionProps} />
      <ImprovementsSection {...sectionProps} />
      <EconomicsSection {...sectionProps} />
      <DebriefConfigSection
        sections={LEAN_DEBRIEF_SECTIONS.map((id) => ({
          id,
          label: t(`leanResults.sections.${id}.title`),
        }))}
        value={draft.configDebrief}
        answers={draft.answers}
        issueAt={issueAt}
        errorCount={countUnder('questions')}
        edit={(fn) =>
          setDraft((d) => {
            if (!d) return d;
            const configDebrief = structuredClone(d.configDebrief);
            fn(configDebrief);
            return { ...d, configDebrief };
          })
        }
        editAnswers={(fn) =>
          setDraft((d) => {
            if (!d) return d;
            const answers = { ...d.answers };
            fn(answers);
            return { ...d, answers };
          })
        }
      />
    </EditorFrame>
  );
}
