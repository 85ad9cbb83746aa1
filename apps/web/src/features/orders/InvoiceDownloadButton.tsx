import type { TCommissionInvoice } from '@dsm/contracts';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { downloadFile } from '../../shared/download-file';
import { errorMessage } from '../../shared/error-message';
import { invoiceFile, type TDownloadableInvoice, type TInvoiceFormat } from './download-invoice';

export type TInvoiceDownloadButtonProps = {
  invoice: TDownloadableInvoice;
  /** The PDF (default), the XRechnung e-invoice or the Factur-X PDF; the e-invoices are not shown for an invoice without them. */
  format?: TInvoiceFormat;
};

/** A download button's text, its accessible name (with the invoice's number) and its test id. */
type TButtonTexts = { label: string; ariaLabel: string; testId: string };

const TEXTS: Record<TInvoiceFormat, TButtonTexts> = {
  pdf: { label: 'orders.pdf', ariaLabel: 'orders.download', testId: 'invoice-download' },
  xml: { label: 'orders.xml', ariaLabel: 'orders.downloadXml', testId: 'invoice-download-xml' },
  facturx: { label: 'orders.facturX', ariaLabel: 'orders.downloadFacturX', testId: 'invoice-download-facturx' },
};

const COMMISSION_TEXTS: Record<TInvoiceFormat, TButtonTexts> = {
  pdf: { label: 'sales.commissionPdf', ariaLabel: 'sales.downloadCommission', testId: 'commission-invoice-download' },
  xml: { label: 'orders.xml', ariaLabel: 'sales.downloadCommissionXml', testId: 'commission-invoice-download-xml' },
  facturx: {
    label: 'orders.facturX',
    ariaLabel: 'sales.downloadCommissionFacturX',
    testId: 'commission-invoice-download-facturx',
  },
};

const CANCELLATION_TEXTS: TButtonTexts = {
  label: 'sales.cancellationPdf',
  ariaLabel: 'sales.downloadCancellation',
  testId: 'commission-cancellation-download',
};

type TDownloadButtonProps = { path: string; fileName: string; texts: TButtonTexts; number: string };

/** Downloads one file of the API; a failure is shown through the global alert. */
function DownloadButton({ path, fileName, texts, number }: TDownloadButtonProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [isBusy, setIsBusy] = useState(false);
  const download = async () => {
    setIsBusy(true);
    try {
      await downloadFile(path, fileName);
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
      aria-label={t(texts.ariaLabel, { number })}
      data-testid={texts.testId}
    >
      {t(texts.label)}
    </Button>
  );
}

/** Downloads one form of an invoice; nothing for a form the invoice does not have. */
function InvoiceFormatButton({
  invoice,
  format,
  texts,
  fileNamePrefix = '',
}: Required<TInvoiceDownloadButtonProps> & { texts: Record<TInvoiceFormat, TButtonTexts>; fileNamePrefix?: string }) {
  const { path, fileName } = invoiceFile(invoice, format);
  if (!path) return null;
  return (
    <DownloadButton path={path} fileName={fileNamePrefix + fileName} texts={texts[format]} number={invoice.number} />
  );
}

/** Downloads one invoice's PDF, XRechnung or Factur-X PDF. */
export function InvoiceDownloadButton({ invoice, format = 'pdf' }: TInvoiceDownloadButtonProps) {
  return <InvoiceFormatButton invoice={invoice} format={format} texts={TEXTS} />;
}

/**
 * Downloads the marketplace's commission invoice of a sale as PDF (default), XRechnung or Factur-X PDF;
 * the e-invoices are not shown for a commission invoice without them.
 */
export function CommissionInvoiceDownloadButton({
  invoice,
  format = 'pdf',
}: {
  invoice: Pick<TCommissionInvoice, 'number' | 'pdfPath' | 'xmlPath' | 'facturXPath'>;
  format?: TInvoiceFormat;
}) {
  return (
    <InvoiceFormatButton invoice={invoice} format={format} texts={COMMISSION_TEXTS} fileNamePrefix="commission-" />
  );
}

/** Downloads the cancellation invoice (Stornorechnung) of a cancelled commission invoice; nothing before it is cancelled. */
export function CommissionCancellationDownloadButton({
  invoice,
}: {
  invoice: Pick<TCommissionInvoice, 'cancellationNumber' | 'cancellationPdfPath'>;
}) {
  if (!invoice.cancellationNumber || !invoice.cancellationPdfPath) return null;
  return (
    <DownloadButton
      path={invoice.cancellationPdfPath}
      fileName={`commission-cancellation-${invoice.cancellationNumber}.pdf`}
      texts={CANCELLATION_TEXTS}
      number={invoice.cancellationNumber}
    />
  );
}
