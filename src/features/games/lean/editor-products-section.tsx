/**
 * The lean editor's products (design B.4): each product's dots (shape × colour operations, each
 * with its time), drawn as the product looks, its price, material cost and initial stock.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LEAN_DEFAULTS, type LeanTemplateInput } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import {
  addOp,
  addTemplate,
  COLORS,
  removeOp,
  removeTemplate,
  setOp,
  setTemplate,
  SHAPES,
  templateIds,
  templateOf,
} from '@/features/games/lean/editor-draft';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { OpDot, ProductDots } from '@/features/games/lean/product-dots';
import { useLeanNames } from '@/features/games/lean/use-lean-names';
import { NumberField, Section, useIssueText } from '@/features/games/shared/editor-fields';

const B = LEAN_BOUNDS;

export function ProductsSection(props: LeanSectionProps) {
  const { config, change, issueAt, countUnder } = props;
  const { t } = useTranslation();
  const issueText = useIssueText();
  const ids = templateIds(config);
  const countIssue = issueAt('params.productsTemplates');
  return (
    <Section
      title={t('leanEditor.products.title')}
      errorCount={countUnder('params.productsTemplates')}
    >
      <Stack spacing={2}>
        {countIssue && <Alert severity="error">{issueText(countIssue)}</Alert>}
        {ids.map((tid) => (
          <ProductCard key={tid} tid={tid} only={ids.length <= 1} {...props} />
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            size="small"
            disabled={ids.length >= B.templates.max}
            onClick={() =>
              change(
                (c) =>
                  addTemplate(c, t('leanEditor.products.newName', { n: ids.length + 1 })).config,
              )
            }
            data-testid="lean-add-product"
          >
            {t('leanEditor.products.add')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function ProductCard({
  tid,
  only,
  config,
  change,
  issueAt,
}: LeanSectionProps & { tid: string; only: boolean }) {
  const { t } = useTranslation();
  const names = useLeanNames();
  const issueText = useIssueText();
  const tpl: LeanTemplateInput = templateOf(config, tid) ?? {};
  const base = `params.productsTemplates.${tid}`;
  const shown = names.product(tpl.name ?? tid);
  const ops = tpl.ops ?? [];
  const nameIssue = issueAt(`${base}.name`);
  const opsIssue = issueAt(`${base}.ops`) ?? issueAt(base);
  const set = (c: Partial<LeanTemplateInput>) => change((x) => setTemplate(x, tid, c));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`lean-product-${tid}`}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('leanEditor.products.name')}
          value={shown}
          onChange={(e) => set({ name: e.target.value })}
          error={nameIssue !== undefined}
          helperText={nameIssue ? issueText(nameIssue) : undefined}
          sx={{ width: 200, maxWidth: '100%' }}
        />
        <ProductDots ops={ops} label={shown} size={22} testId={`lean-dots-${tid}`} />
        <IconButton
          aria-label={t('leanEditor.products.remove', { name: shown })}
          disabled={only}
          onClick={() => change((c) => removeTemplate(c, tid))}
          sx={{ ml: { sm: 'auto' } }}
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('leanEditor.products.dots')}
      </Typography>
      <Stack spacing={1}>
        {ops.map((op, i) => (
          <Stack
            key={i}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
            data-testid={`lean-op-${tid}-${i}`}
          >
            <Box sx={{ pt: 1 }}>
              <OpDot shape={op.shape} color={op.color} size={22} />
            </Box>
            <TextField
              select
              size="small"
              label={t('leanEditor.products.shape')}
              value={op.shape}
              onChange={(e) => change((c) => setOp(c, tid, i, { shape: e.target.value }))}
              sx={{ width: 170 }}
            >
              {SHAPES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`leanEditor.shapes.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('leanEditor.products.color')}
              value={op.color}
              onChange={(e) => change((c) => setOp(c, tid, i, { color: e.target.value }))}
              sx={{ width: 130 }}
            >
              {COLORS.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`leanEditor.colors.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <NumberField
              label={t('leanEditor.products.time')}
              value={op.time ?? LEAN_DEFAULTS.opTime}
              min={B.time.min}
              max={B.time.max}
              step={0.05}
              issue={issueAt(`${base}.ops.${i}.time`) ?? issueAt(`${base}.ops.${i}`)}
              onChange={(v) => change((c) => setOp(c, tid, i, { time: v }))}
              testId={`lean-op-${tid}-${i}-time`}
            />
            <IconButton
              aria-label={t('leanEditor.products.removeDot', { n: i + 1 })}
              disabled={ops.length <= 1}
              onClick={() => change((c) => removeOp(c, tid, i))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {opsIssue && (
          <Typography color="error" variant="body2">
            {issueText(opsIssue)}
          </Typography>
        )}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={ops.length >= B.ops.max}
            onClick={() => change((c) => addOp(c, tid))}
          >
            {t('leanEditor.products.addDot')}
          </Button>
        </Box>
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}
      >
        <NumberField
          label={t('leanEditor.products.price')}
          value={tpl.price ?? LEAN_DEFAULTS.price}
          min={B.money.min}
          max={B.money.max}
          step={0.5}
          issue={issueAt(`${base}.price`)}
          onChange={(v) => set({ price: v })}
          testId={`lean-${tid}-price`}
        />
        <NumberField
          label={t('leanEditor.products.materialCost')}
          value={tpl.materialCost ?? LEAN_DEFAULTS.materialCost}
          min={B.money.min}
          max={B.money.max}
          step={0.5}
          issue={issueAt(`${base}.materialCost`)}
          onChange={(v) => set({ materialCost: v })}
        />
        <NumberField
          label={t('leanEditor.products.initialStock')}
          value={tpl.initialStock ?? LEAN_DEFAULTS.initialStock}
          min={B.initialStock.min}
          max={B.initialStock.max}
          issue={issueAt(`${base}.initialStock`)}
          onChange={(v) => set({ initialStock: v })}
        />
      </Stack>
    </Paper>
  );
}
