/**
 * The lean editor's demand (design B.5): the customers' orders, each with its minute, product,
 * quantity and due minute (by default its minute plus the due delay, LEAN-DEM-4), and a generator
 * that replaces them with a regular pattern.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAN_DEFAULTS } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import {
  addOrder,
  patternOrders,
  removeOrder,
  setDemand,
  setOrder,
  templateIds,
  templateOf,
  type OrderPattern,
} from '@/features/games/lean/editor-draft';
import type { LeanSectionProps } from '@/features/games/lean/editor-section-props';
import { useLeanNames } from '@/features/games/lean/use-lean-names';
import { NumberField, Section, useIssueText } from '@/features/games/shared/editor-fields';

const B = LEAN_BOUNDS;

export function DemandSection({ config, change, issueAt, countUnder }: LeanSectionProps) {
  const { t } = useTranslation();
  const names = useLeanNames();
  const issueText = useIssueText();
  const orders = config.params.consumerDemand ?? [];
  const tids = templateIds(config);
  const productName = (tid: string) => names.product(templateOf(config, tid)?.name ?? tid);
  const duration = config.params.consumerDemandParams?.totalDuration ?? LEAN_DEFAULTS.totalDuration;
  const dueDelay = config.params.consumerDemandParams?.dueDelay ?? LEAN_DEFAULTS.dueDelay;
  const units = orders.reduce((s, o) => s + (Number.isFinite(o.qty) ? o.qty : 0), 0);
  const countIssue = issueAt('params.consumerDemand');
  return (
    <Section title={t('leanEditor.demand.title')} errorCount={countUnder('params.consumerDemand')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary" data-testid="lean-demand-summary">
          {units > 0
            ? t('leanEditor.demand.summary', {
                orders: orders.length,
                units,
                takt: Math.round((duration / units) * 100) / 100,
              })
            : t('leanEditor.demand.none')}
        </Typography>
        {countIssue && <Alert severity="error">{issueText(countIssue)}</Alert>}
        {orders.map((o, i) => {
          const base = `params.consumerDemand.${i}`;
          const productIssue = issueAt(`${base}.template_id`);
          return (
            <Stack
              key={i}
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
              data-testid={`lean-order-${i}`}
              role="group"
              aria-label={t('leanEditor.demand.order', { n: i + 1 })}
            >
              <Typography sx={{ pt: 1, minWidth: 28, fontWeight: 600 }} aria-hidden="true">
                {i + 1}
              </Typography>
              <NumberField
                label={t('leanEditor.demand.minute')}
                value={o.created_min}
                min={0}
                max={duration}
                step={0.1}
                issue={issueAt(`${base}.created_min`)}
                onChange={(v) => change((c) => setOrder(c, i, { created_min: v }))}
                testId={`lean-order-${i}-minute`}
              />
              <TextField
                select
                size="small"
                label={t('leanEditor.demand.product')}
                value={tids.includes(o.template_id) ? o.template_id : ''}
                onChange={(e) => change((c) => setOrder(c, i, { template_id: e.target.value }))}
                error={productIssue !== undefined}
                helperText={productIssue ? issueText(productIssue) : undefined}
                sx={{ width: 160 }}
              >
                {tids.map((tid) => (
                  <MenuItem key={tid} value={tid}>
                    {productName(tid)}
                  </MenuItem>
                ))}
              </TextField>
              <NumberField
                label={t('leanEditor.demand.qty')}
                value={o.qty}
                min={B.qty.min}
                max={B.qty.max}
                issue={issueAt(`${base}.qty`)}
                onChange={(v) => change((c) => setOrder(c, i, { qty: v }))}
                testId={`lean-order-${i}-qty`}
              />
              <NumberField
                label={t('leanEditor.demand.due')}
                value={o.due_min ?? o.created_min + dueDelay}
                min={o.created_min}
                max={B.dueMin.max}
                step={0.1}
                issue={issueAt(`${base}.due_min`)}
                onChange={(v) => change((c) => setOrder(c, i, { due_min: v }))}
                testId={`lean-order-${i}-due`}
              />
              <IconButton
                aria-label={t('leanEditor.demand.remove', { n: i + 1 })}
                onClick={() => change((c) => removeOrder(c, i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={orders.length >= B.orders.max}
            onClick={() => change(addOrder)}
            data-testid="lean-add-order"
          >
            {t('leanEditor.demand.add')}
          </Button>
        </Box>
        <Generator
          tids={tids}
          productName={productName}
          onApply={(pattern) => change((c) => setDemand(c, patternOrders(pattern)))}
        />
      </Stack>
    </Section>
  );
}

/** A regular pattern of orders: the first minute, the gap, how many, how much, which products. */
function Generator({
  tids,
  productName,
  onApply,
}: {
  tids: readonly string[];
  productName: (tid: string) => string;
  onApply: (pattern: OrderPattern) => void;
}) {
  const { t } = useTranslation();
  const [pattern, setPattern] = useState<OrderPattern>({
    first: 0,
    every: 2,
    count: 10,
    qty: 4,
    templates: [...tids],
  });
  const chosen = pattern.templates.filter((x) => tids.includes(x));
  const toggle = (tid: string) =>
    setPattern((p) => ({
      ...p,
      templates: chosen.includes(tid) ? chosen.filter((x) => x !== tid) : [...chosen, tid],
    }));
  const valid =
    chosen.length > 0 &&
    pattern.count >= 1 &&
    pattern.count <= B.orders.max &&
    pattern.qty >= B.qty.min &&
    pattern.qty <= B.qty.max &&
    pattern.every > 0 &&
    pattern.first >= 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="lean-generator">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('leanEditor.demand.generator.title')}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <NumberField
          label={t('leanEditor.demand.generator.first')}
          value={pattern.first}
          min={0}
          max={B.totalDuration.max}
          step={0.1}
          onChange={(v) => setPattern((p) => ({ ...p, first: v }))}
        />
        <NumberField
          label={t('leanEditor.demand.generator.every')}
          value={pattern.every}
          min={0.1}
          max={B.totalDuration.max}
          step={0.1}
          onChange={(v) => setPattern((p) => ({ ...p, every: v }))}
        />
        <NumberField
          label={t('leanEditor.demand.generator.count')}
          value={pattern.count}
          min={1}
          max={B.orders.max}
          onChange={(v) => setPattern((p) => ({ ...p, count: v }))}
        />
        <NumberField
          label={t('leanEditor.demand.qty')}
          value={pattern.qty}
          min={B.qty.min}
          max={B.qty.max}
          onChange={(v) => setPattern((p) => ({ ...p, qty: v }))}
        />
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}
        role="group"
        aria-label={t('leanEditor.demand.generator.products')}
      >
        <Typography variant="body2" color="text.secondary">
          {t('leanEditor.demand.generator.products')}
        </Typography>
        {tids.map((tid) => (
          <Chip
            key={tid}
            label={productName(tid)}
            color={chosen.includes(tid) ? 'primary' : 'default'}
            variant={chosen.includes(tid) ? 'filled' : 'outlined'}
            onClick={() => toggle(tid)}
            aria-pressed={chosen.includes(tid)}
          />
        ))}
      </Stack>
      <Button
        sx={{ mt: 1.5 }}
        variant="outlined"
        size="small"
        disabled={!valid}
        onClick={() => onApply({ ...pattern, templates: chosen })}
        data-testid="lean-generate"
      >
        {t('leanEditor.demand.generator.apply')}
      </Button>
    </Paper>
  );
}
