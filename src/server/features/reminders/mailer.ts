/** One reminder as handed to the transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The same for every try of one reminder, so that a resend is recognisably the same mail. */
  messageId: string;
  date: Date;
  language: string;
}

export interface Mailer {
  transport: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the mail; the outbox keeps it in the database. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set, with timeouts well under the claim's lease
 * (ADR 0020); otherwise the demo outbox, where the reminder's row is the delivered mail.
 * nodemailer is loaded only when there is an SMTP server to talk to: it adds about 15 MB to a
 * process, which the embedded demo on PGlite cannot spare (its first start must stay under
 * 400 MB, ADR 0017).
 */
export async function createMailer(smtpUrl: string | null): Promise<Mailer> {
  if (!smtpUrl) return { transport: 'outbox', send: async () => {}, close: () => {} };
  const { createTransport } = await import('nodemailer');
  const url = new URL(smtpUrl);
  const transporter = createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        date: mail.date,
        headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transporter.close(),
  };
}
