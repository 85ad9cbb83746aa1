import nodemailer from 'nodemailer';

/** One alert mail as the transport takes it. */
export type TOutgoingAlertMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe address (RFC 8058), also linked in the mail. */
  unsubscribeUrl: string;
};

/** Sends alert mails; throws when the SMTP server does not accept one. */
export type TAlertMailer = {
  send(mail: TOutgoingAlertMail): Promise<void>;
  close(): void;
};

export type TCreateAlertMailerOptions = {
  /** smtp:// or smtps:// URL with credentials when needed (SMTP_URL). */
  smtpUrl: string;
  /** The sender (MAIL_FROM). */
  from: string;
};

/**
 * Alert mails over SMTP with nodemailer. Each carries List-Unsubscribe and List-Unsubscribe-Post, so mail
 * programs offer one-click unsubscribing, which POSTs to the link; a GET only shows what the link would stop.
 */
export function createAlertMailer(options: TCreateAlertMailerOptions): TAlertMailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    },
    close() {
      transport.close();
    },
  };
}
