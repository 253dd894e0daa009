import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailSettings {
  smtpUrl: string | null;
  mailFrom: string;
}

/** One transport per SMTP address, made on the first email (nodemailer loads only when one is configured). */
const transports = new Map<string, Promise<Transporter>>();

function transportFor(smtpUrl: string): Promise<Transporter> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = import('nodemailer').then((m) => m.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }));
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Whether emails can be sent at all (SMTP_URL is set). */
export const canMail = (settings: MailSettings): settings is MailSettings & { smtpUrl: string } => Boolean(settings.smtpUrl);

/** Sends a plain-text email through SMTP_URL; rejects when the server refuses it or cannot be reached. */
export async function sendMail(settings: MailSettings & { smtpUrl: string }, mail: Mail): Promise<void> {
  const transport = await transportFor(settings.smtpUrl);
  await transport.sendMail({ from: settings.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
}
