/**
 * The SMTP sink: a real SMTP server (smtp-server) that accepts every message, parses it
 * (mailparser) and keeps it in a `MailStore` that the control API reads (`/__control/mail`).
 * Plain SMTP only: no TLS (STARTTLS is not offered), AUTH optional and any credentials
 * accepted, so `nodemailer.createTransport("smtp://127.0.0.1:PORT")` (or with `user:pass@`)
 * delivers to it without further options.
 */
import type { AddressInfo } from "node:net";
import type { AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { MailStore } from "./mail-store";

export interface SmtpSinkOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Where received messages go. */
  store: MailStore;
}

export interface RunningSmtpSink {
  /** "smtp://127.0.0.1:PORT" */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Larger messages are refused (552); verification e-mails are a few kB. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function headerFrom(from: AddressObject | undefined, envelopeFrom: string | undefined): string {
  return from?.text || envelopeFrom || "";
}

/** The line break that ends every MIME body part is the transport's, not the sender's text. */
function withoutFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, "");
}

export async function startSmtpSink({ port = 0, host = "127.0.0.1", store }: SmtpSinkOptions): Promise<RunningSmtpSink> {
  const server = new SMTPServer({
    name: "sandbox.quire.invalid",
    banner: "Quire sandbox SMTP sink",
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN", "CRAM-MD5"],
    size: MAX_MESSAGE_BYTES,
    hideSize: false,
    logger: false,
    // Connections still open on close() are told 421 and dropped after this.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      // Loaded on first use: mailparser and its HTML-to-text converter slow the sandbox's start-up.
      import("mailparser")
        .then(({ simpleParser }) => simpleParser(stream, { skipImageLinks: true }))
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error("Message exceeds fixed maximum message size"), { responseCode: 552 }));
            return;
          }
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
          store.add({
            from: headerFrom(parsed.from, envelopeFrom),
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? "",
            text: withoutFinalNewline(parsed.text ?? ""),
            html: typeof parsed.html === "string" ? withoutFinalNewline(parsed.html) : null,
            date: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: unknown) => {
          callback(Object.assign(new Error(`Could not parse the message: ${String(error)}`), { responseCode: 554 }));
        });
    },
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
  // Errors on single connections (a client hanging up mid-dialogue) must not crash the sandbox.
  server.on("error", (error) => console.error("[sandbox] SMTP sink:", error.message));

  const address = server.server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `smtp://${shownHost}:${address.port}`,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
