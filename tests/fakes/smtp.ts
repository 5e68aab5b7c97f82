// A real SMTP listener (smtp-server) on 127.0.0.1 for tests: accepts every message without
// authentication and keeps it, parsed (mailparser), so a test can read what the app sent.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string };

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, session, callback) {
      try {
        const mail = await simpleParser(stream);
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest link to `path` mailed to `to`, waiting up to 10 s for it. */
    async link(to: string, path: string): Promise<URL> {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const mail = [...received].reverse().find((m) => m.to.includes(to.toLowerCase()) && m.text.includes(path));
        const found = mail?.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
        if (found) return new URL(found);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} with a link to ${path}`);
    },
    /** The newest mail to `to` with this subject, waiting up to 10 s for it. */
    async mail(to: string, subject: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const mail = [...received].reverse().find((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} titled ${subject}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
