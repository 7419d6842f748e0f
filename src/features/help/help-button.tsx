import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { withHelpView } from '@/features/help/help-pages';
import { DeferredTooltip } from '@/components/deferred-tooltip';

/** The navbar's help button: opens the help pages on the page being shown. */
export function HelpButton() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <DeferredTooltip title={t('navbar.help')}>
      <IconButton
        component={RouterLink}
        to={{ pathname, search: withHelpView(search, { kind: 'pages' }) }}
        aria-label={t('navbar.help')}
        data-testid="navbar-help"
        sx={{ color: 'text.primary', flexShrink: 0 }}
      >
        <HelpOutlineIcon />
      </IconButton>
    </DeferredTooltip>
  );
}
