import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/auth-layout';
import Typography from '@mui/material/Typography';

/** Handles the links of account emails (password reset, email verification). */
export function AuthActionPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.action.title')}>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('auth.action.description')}
      </Typography>
    </AuthLayout>
  );
}
