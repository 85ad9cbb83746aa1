import type { TInvoice } from '@dsm/contracts';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { downloadInvoice, type TInvoiceFormat } from './download-invoice';

export type TInvoiceDownloadButtonProps = {
  invoice: Pick<TInvoice, 'number' | 'pdfPath' | 'xmlPath'>;
  /** The PDF (default), or the XRechnung e-invoice; the XML button is not shown for an invoice without one. */
  format?: TInvoiceFormat;
};

/** Downloads one invoice's PDF or e-invoice; a failure is shown through the global alert. */
export function InvoiceDownloadButton({ invoice, format = 'pdf' }: TInvoiceDownloadButtonProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [isBusy, setIsBusy] = useState(false);
  const download = async () => {
    setIsBusy(true);
    try {
      await downloadInvoice(invoice, format);
    } catch (error) {
      showAlert(`${t('orders.downloadFailed')} ${errorMessage(error, t)}`, { type: 'error' });
    } finally {
      setIsBusy(false);
    }
  };
  if (format === 'xml' && !invoice.xmlPath) return null;
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => void download()}
      loading={isBusy}
      aria-label={t(format === 'xml' ? 'orders.downloadXml' : 'orders.download', { number: invoice.number })}
      data-testid={format === 'xml' ? 'invoice-download-xml' : 'invoice-download'}
    >
      {t(format === 'xml' ? 'orders.xml' : 'orders.pdf')}
    </Button>
  );
}
