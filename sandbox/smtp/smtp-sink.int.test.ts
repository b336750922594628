import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { startSandbox } from "../server";
import { clearMail, listMail, mailLink, waitForMail } from "../test-support/mail";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();

describe("SMTP sink", () => {
  it("receives what nodemailer sends to smtp://127.0.0.1:PORT and shows it at /__control/mail", async () => {
    expect(sandbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    // As the app does it: the URL alone, no TLS or auth options.
    const transport = nodemailer.createTransport(sandbox.smtpUrl, { from: "Quire <no-reply@quire.test>" });
    const verify = "https://quire.test/api/auth/verify-email?token=eyJhbGciOi.abc-DEF_123&callbackURL=%2Fwelcome";
    const info = await transport.sendMail({
      to: "Ada@Example.test",
      subject: "Verify your e-mail for Quire – Grüße",
      text: `Hello Ada,\n\nconfirm your address: ${verify}\n\nQuire (https://quire.test/).`,
      // A long line forces quoted-printable, and the href carries an &amp;.
      html: `<p>Hello Ada,</p><p><a href="${verify.replace("&", "&amp;")}">Confirm your address</a> ${"x".repeat(120)}</p><p><a href="https://quire.test/">Quire</a></p>`,
    });
    transport.close();
    // nodemailer lower-cases the domain.
    expect(info.accepted).toEqual(["Ada@example.test"]);

    const mail = await waitForMail(sandbox.url, { to: "ada@example.test", subject: /verify/i, timeoutMs: 5000 });
    expect(mail).toMatchObject({
      from: '"Quire" <no-reply@quire.test>',
      to: ["ada@example.test"],
      subject: "Verify your e-mail for Quire – Grüße",
      links: [verify, "https://quire.test/"],
    });
    expect(mail.text).toContain(`confirm your address: ${verify}`);
    expect(mail.html).toContain(`${"x".repeat(120)}`);
    expect(mail.html).toContain('<a href="https://quire.test/">Quire</a>');
    expect(Date.now() - Date.parse(mail.date)).toBeLessThan(10_000);
    expect(mailLink(mail, "verify-email")).toBe(verify);
    expect(() => mailLink(mail, /reset-password/)).toThrow(/No link matching/);
  });

  it("accepts any AUTH, counts Bcc recipients, filters by recipient in any case, lists newest first and clears", async () => {
    const url = new URL(sandbox.smtpUrl);
    url.username = "quire";
    url.password = "any-password";
    const transport = nodemailer.createTransport(url.toString());
    await transport.sendMail({ from: "a@quire.test", to: "bob@example.test", bcc: "carol@example.test", subject: "first", text: "no links" });
    await transport.sendMail({ from: "a@quire.test", to: "bob@example.test", subject: "second", html: "<b>html only</b> http://quire.test/x" });
    transport.close();

    const bob = await listMail(sandbox.url, "BOB@example.test");
    expect(bob.map((mail) => mail.subject)).toEqual(["second", "first"]);
    expect(bob[0]!.html?.trim()).toBe("<b>html only</b> http://quire.test/x");
    expect(bob[0]!.links).toEqual(["http://quire.test/x"]);
    // mailparser makes a text body from the HTML when there is none.
    expect(bob[0]!.text).toContain("html only");
    expect(bob[1]).toMatchObject({ html: null, text: "no links", links: [] });
    expect((await listMail(sandbox.url, "carol@example.test")).map((mail) => mail.subject)).toEqual(["first"]);
    expect(await listMail(sandbox.url)).toHaveLength(2);

    await clearMail(sandbox.url);
    expect(await listMail(sandbox.url)).toEqual([]);
  });

  it("waitForMail waits for a message that comes later, and times out naming what did come", async () => {
    const since = Date.now();
    const transport = nodemailer.createTransport(sandbox.smtpUrl);
    setTimeout(() => void transport.sendMail({ from: "a@quire.test", to: "late@example.test", subject: "Reset your password", text: "https://quire.test/reset?t=1" }), 300);
    const mail = await waitForMail(sandbox.url, { to: "late@example.test", subject: "Reset", since, timeoutMs: 5000 });
    expect(mail.links).toEqual(["https://quire.test/reset?t=1"]);
    await expect(waitForMail(sandbox.url, { to: "late@example.test", subject: "Welcome", timeoutMs: 300 })).rejects.toThrow(/No e-mail to late@example.test .*"Reset your password"/);
    await expect(waitForMail(sandbox.url, { to: "late@example.test", since: Date.now() + 60_000, timeoutMs: 200 })).rejects.toThrow();
    transport.close();
  });
});

describe("startSandbox", () => {
  it("starts the SMTP sink on the port asked for, and close() stops it", async () => {
    const probe = await startSandbox({ port: 0, preload: false });
    const port = Number(new URL(probe.smtpUrl).port);
    await probe.close();

    const running = await startSandbox({ port: 0, smtpPort: port, preload: false });
    expect(running.smtpUrl).toBe(`smtp://127.0.0.1:${port}`);
    const transport = nodemailer.createTransport(running.smtpUrl);
    await expect(transport.verify()).resolves.toBe(true);
    transport.close();
    await running.close();
    const after = nodemailer.createTransport(running.smtpUrl);
    await expect(after.verify()).rejects.toThrow(/ECONNREFUSED/);
  });
});
