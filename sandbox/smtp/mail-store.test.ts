import { describe, expect, it } from "vitest";
import { extractLinks, MailStore, MAX_MESSAGES } from "./mail-store";

describe("extractLinks", () => {
  it("finds text links, then HTML hrefs and bare URLs, in order and without repeats", () => {
    const text = "Verify: https://quire.test/verify?token=a&next=%2F.\nOr see (https://quire.test/help).";
    const html =
      '<p>Hi <a href="https://quire.test/verify?token=a&amp;next=%2F">verify</a>, <a href=\'https://quire.test/b?x=1&#38;y=2\'>b</a> ' +
      "<a href=mailto:help@quire.test>mail</a> https://quire.test/c&amp;d</p>";
    expect(extractLinks(text, html)).toEqual([
      "https://quire.test/verify?token=a&next=%2F",
      "https://quire.test/help",
      "https://quire.test/b?x=1&y=2",
      "https://quire.test/c&d",
    ]);
  });

  it("keeps balanced brackets, drops trailing punctuation and ignores styles, scripts and comments", () => {
    expect(extractLinks("See https://en.wikipedia.org/wiki/Foo_(bar), or [http://x.test/a].", null)).toEqual(["https://en.wikipedia.org/wiki/Foo_(bar)", "http://x.test/a"]);
    expect(extractLinks("", '<style>a{background:url(https://cdn.test/x.png)}</style><!-- https://hidden.test --><a href="http://ok.test/">ok</a>')).toEqual(["http://ok.test/"]);
  });

  it("returns nothing for a message without links", () => {
    expect(extractLinks("No links here", "<p>none</p>")).toEqual([]);
  });
});

describe("MailStore", () => {
  const message = (to: string[], subject: string) => ({ from: "a@b.test", to, subject, text: "", html: null, date: new Date().toISOString() });

  it("lists newest first, filters by recipient in any case and clears", () => {
    const store = new MailStore();
    store.add(message(["Ada@Example.test"], "one"));
    store.add(message(["bob@example.test", "ada@example.test"], "two"));
    store.add(message(["bob@example.test"], "three"));
    expect(store.list().map((mail) => mail.subject)).toEqual(["three", "two", "one"]);
    expect(store.list("ADA@example.test").map((mail) => [mail.id, mail.subject])).toEqual([
      ["2", "two"],
      ["1", "one"],
    ]);
    store.clear();
    expect(store.list()).toEqual([]);
  });

  it(`keeps the newest ${MAX_MESSAGES}`, () => {
    const store = new MailStore();
    for (let i = 0; i < MAX_MESSAGES + 5; i += 1) store.add(message(["x@y.test"], `m${i}`));
    const all = store.list();
    expect(all).toHaveLength(MAX_MESSAGES);
    expect(all[0]!.subject).toBe(`m${MAX_MESSAGES + 4}`);
    expect(all.at(-1)!.subject).toBe("m5");
  });
});
