/** Small form fields of the game editors, and the text of a validation issue. */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A validation issue of a game's configuration: a translation key under `game.validation.`, the
 * path of the field, and the bounds the text names (the cores' issues have this shape).
 */
export interface FieldIssue {
  readonly key: string;
  readonly path: string;
  readonly min?: number | undefined;
  readonly max?: number | undefined;
}

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** The translated text of a validation issue (`game.validation.<key>`). */
export function useIssueText(): (issue: FieldIssue) => string {
  const { t } = useTranslation();
  const tt = t as unknown as LooseT;
  return (issue) =>
    tt(`game.validation.${issue.key}`, {
      min: issue.min,
      max: issue.max,
      defaultValue: tt('game.validation.generic'),
    });
}

/**
 * A number with its label above it, not inside the outline: a long label (German's compound
 * words) wraps to a second line instead of being cut, and the fields of a row stay aligned.
 * Two to a row on a phone.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  issue,
  testId,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  min: number;
  max: number;
  step?: number;
  issue?: FieldIssue | undefined;
  testId?: string;
}) {
  const issueText = useIssueText();
  const id = useId();
  // The typed text is kept while it is being edited (e.g. an empty field), the number is stored.
  const [text, setText] = useState<string | null>(null);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', width: { xs: 'calc(50% - 8px)', sm: 180 } }}
    >
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        color={issue ? 'error' : 'text.secondary'}
        sx={{
          minHeight: '2.6em',
          lineHeight: 1.3,
          mb: 0.5,
          display: 'flex',
          alignItems: 'flex-end',
          overflowWrap: 'anywhere',
          hyphens: 'auto',
        }}
        data-testid={testId ? `${testId}-label` : undefined}
      >
        {label}
      </Typography>
      <TextField
        id={id}
        type="number"
        size="small"
        fullWidth
        value={text ?? String(value)}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isFinite(n)) onChange(n);
        }}
        onBlur={() => setText(null)}
        error={issue !== undefined}
        helperText={issue ? issueText(issue) : undefined}
        slotProps={{ htmlInput: { min, max, step, 'data-testid': testId } }}
      />
    </Box>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId?: string;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'data-testid': testId } as Record<string, string | undefined> }}
        />
      }
      label={label}
    />
  );
}

export function Section({
  title,
  children,
  defaultExpanded = false,
  errorCount = 0,
  level = 2,
}: {
  title: string;
  children: ReactNode;
  defaultExpanded?: boolean;
  errorCount?: number;
  /** The heading level of the title: 2 under the page's h1, 3 for a section inside a section. */
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: level === 2 ? 'h2' : 'h3' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {errorCount > 0 && (
          <Typography color="error" sx={{ ml: 2 }}>
            {t('game.editor.errorCount', { n: errorCount })}
          </Typography>
        )}
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

let idCounter = 0;
/** A new id for something the editor adds (a question, a product), unique in the page. */
export function localId(prefix: string): string {
  idCounter += 1;
  return `${prefix}${Date.now().toString(36)}${idCounter}`;
}
