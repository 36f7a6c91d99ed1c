import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  /** The account the server accepts (AUTH PLAIN/LOGIN over the plain loopback connection). */
  username: string;
  password: string;
  inbox: ReceivedMail[];
  /** Mails delivered to `address`, oldest first. */
  mailsTo(address: string): ReceivedMail[];
  /** Waits until `address` has received `count` mails in all; returns the newest. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** Holds every new connection this long before greeting (a slow mail server). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package) that keeps what it receives, parsed with
 * postal-mime. No TLS: set the site's `email.is_tls` to false.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const username = 'mailer@wenku.test';
  const password = 'smtp-test-password';
  const inbox: ReceivedMail[] = [];
  const state = { delayMs: 0 };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    onConnect(_session, callback) {
      if (state.delayMs > 0) setTimeout(() => callback(), state.delayMs);
      else callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === username && auth.password === password) callback(null, { user: username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            inbox.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
            });
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const mailsTo = (address: string) => inbox.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    port,
    username,
    password,
    inbox,
    mailsTo,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    async waitFor(address, count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const got = mailsTo(address);
        if (got.length >= count) return got[got.length - 1] as ReceivedMail;
        if (Date.now() > until) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
