/**
 * "Download Excel" on the results pages (a game's, a session's): busy while the workbook is made,
 * a refusal shown translated in the error snackbar.
 */
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/errors/error-store';
import { downloadExcel, type ExcelTarget } from '@/lib/excel/download-excel';

export function ExcelDownloadButton({
  target,
  fileName,
}: {
  target: ExcelTarget;
  fileName: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExcel({ target, fileName, locale: i18n.language });
    } catch (err) {
      // Refusals are expected answers (translated keys), not faults worth a report.
      showError(err, { report: false });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadIcon />}
      data-testid="download-excel"
    >
      {busy ? t('excel.downloading') : t('excel.download')}
    </Button>
  );
}
