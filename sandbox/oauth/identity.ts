/**
 * Who signs in at the sandbox's providers: anyone, by typing an e-mail address on the consent
 * page. The account ids are derived from the address alone (a stable hash), so signing in twice
 * with the same address, in any case, is the same Google `sub` and the same GitHub `id`.
 */
import { hash53 } from "../lib/stable-random";

export interface SandboxUser {
  /** Trimmed and lower-cased. */
  email: string;
  /** As typed on the consent page, or derived from the address when left empty. */
  name: string;
  /** Whether the name was typed (GitHub answers `name: null` otherwise). */
  nameGiven: boolean;
  /** "Keep my email address private" was ticked (GitHub's `/user` then answers `email: null`). */
  emailPrivate: boolean;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Loose on purpose (test addresses such as `ada@example.test`): something@something, no spaces. */
export function isEmailAddress(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim()) && email.length <= 254;
}

function digits(value: number, length: number): string {
  return String(value).padStart(16, "0").slice(-length);
}

/** A Google-like subject: 21 digits starting with 1. */
export function googleSubFor(email: string): string {
  const key = normaliseEmail(email);
  return `1${digits(hash53(key, 1), 10)}${digits(hash53(key, 2), 10)}`;
}

/** A GitHub-like numeric user id (8-9 digits). */
export function githubIdFor(email: string): number {
  return 10_000_000 + (hash53(normaliseEmail(email), 3) % 190_000_000);
}

/** A GitHub-like login from the address's local part (`Ada.Lovelace+x@...` -> `ada-lovelace-x`). Not unique across domains. */
export function githubLoginFor(email: string): string {
  const local = normaliseEmail(email).split("@")[0] ?? "";
  const login = local.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 39);
  return login || "user";
}

/** "ada.lovelace@example.org" -> "Ada Lovelace". */
export function nameFromEmail(email: string): string {
  const local = normaliseEmail(email).split("@")[0] ?? "";
  const words = local
    .replace(/\+.*$/, "")
    .split(/[._\-\s]+/)
    .filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ") || "Sandbox User";
}

export function sandboxUser(email: string, typedName: string | undefined, emailPrivate = false): SandboxUser {
  const name = typedName?.trim() ?? "";
  return { email: normaliseEmail(email), name: name || nameFromEmail(email), nameGiven: name.length > 0, emailPrivate };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A 96 px round avatar with the name's initials on a colour fixed by `seed`, as SVG (no external assets). */
export function avatarSvg(name: string, seed: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => [...word][0]!.toUpperCase())
      .join("") || "?";
  const hue = hash53(seed, 4) % 360;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<circle cx="48" cy="48" r="48" fill="hsl(${hue} 45% 45%)"/>`,
    `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="38" fill="#fff">${escapeXml(initials)}</text>`,
    "</svg>",
  ].join("");
}
