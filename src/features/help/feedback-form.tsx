import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_EMAIL,
  FEEDBACK_LIMITS,
  feedbackPage,
  submitFeedback,
} from '@/features/help/feedback-api';
import { showError } from '@/lib/errors/error-store';

export interface FeedbackFormProps {
  /** The page the help was opened on. */
  readonly page: string;
  /** The signed-in user's address, offered as the answer address. */
  readonly email: string | null;
  /** The sender's uid; a signed-out visitor is signed in anonymously first. */
  readonly ensureUid: () => Promise<string>;
}

/** Spec §7 feedback: a message for the team, with an optional address and the page it came from. */
export function FeedbackForm({ page, email: accountEmail, ensureUid }: FeedbackFormProps) {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState(accountEmail ?? '');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const trimmed = message.trim();
  const messageError =
    trimmed.length === 0
      ? t('help.feedback.required')
      : message.length > FEEDBACK_LIMITS.message
        ? t('help.feedback.tooLong', { max: FEEDBACK_LIMITS.message })
        : null;
  const emailTrimmed = email.trim();
  const emailError =
    emailTrimmed !== '' &&
    (!FEEDBACK_EMAIL.test(emailTrimmed) || emailTrimmed.length > FEEDBACK_LIMITS.email)
      ? t('help.feedback.emailInvalid')
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (messageError || emailError) return;
    setSending(true);
    try {
      const uid = await ensureUid();
      await submitFeedback(uid, { message, email, page, locale: i18n.language });
      setSent(true);
      setMessage('');
      setTouched(false);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" data-testid="feedback-sent" role="status">
          {t('help.feedback.sent')}
        </Alert>
        <Button onClick={() => setSent(false)} sx={{ alignSelf: 'flex-start' }}>
          {t('help.feedback.another')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
      <Typography color="text.secondary">{t('help.feedback.intro')}</Typography>
      <TextField
        label={t('help.feedback.message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        multiline
        minRows={4}
        required
        error={touched && messageError !== null}
        helperText={
          touched && messageError ? messageError : `${message.length} / ${FEEDBACK_LIMITS.message}`
        }
        slotProps={{ htmlInput: { 'data-testid': 'feedback-message' } }}
      />
      <TextField
        label={t('help.feedback.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError !== null}
        helperText={emailError ?? ' '}
        autoComplete="email"
        slotProps={{ htmlInput: { 'data-testid': 'feedback-email' } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {t('help.feedback.page', { page: feedbackPage(page) })}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        disabled={sending}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="feedback-send"
      >
        {sending ? t('help.feedback.sending') : t('help.feedback.send')}
      </Button>
    </Stack>
  );
}
