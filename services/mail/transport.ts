// Where mail goes: a real SMTP server when SMTP_URL is set, otherwise the local outbox
// (the mail stays readable in the app and nothing pretends it was sent).
import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string };
export type MailTransport = { via: 'outbox' | 'smtp'; send: (mail: OutgoingMail) => Promise<void> };

export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport {
  if (!smtpUrl) return { via: 'outbox', send: async () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    via: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
