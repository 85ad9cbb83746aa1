import type { TInvoice } from '@dsm/contracts';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { downloadInvoice } from './download-invoice';

/** Downloads one invoice's PDF; a failure is shown through the global alert. */
export function InvoiceDownloadButton({ invoice }: { invoice: Pick<TInvoice, 'number' | 'pdfPath'> }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [isBusy, setIsBusy] = useState(false);
  const download = async () => {
    setIsBusy(true);
    try {
      await downloadInvoice(invoice);
    } catch (error) {
      showAlert(`${t('orders.downloadFailed')} ${errorMessage(error, t)}`, { type: 'error' });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => void download()}
      loading={isBusy}
      aria-label={t('orders.download', { number: invoice.number })}
      data-testid="invoice-download"
    >
      {t('orders.pdf')}
    </Button>
  );
}
