/**
 * Everything the sandbox's zotero.org keeps in memory: users (anyone who signs in, or whom a
 * test creates through the control API) with their libraries, built on first use; API keys
 * with their permissions; write tokens already used; sign-in sessions of the website; the
 * request-pacing and load-shedding settings; items a test asked to be served malformed.
 */
import { randomBytes } from "node:crypto";
import { hash53 } from "../lib/stable-random";
import type { ZoteroLibrary } from "./library";
import { DEFAULT_SEED, seedLibrary, type SeedOptions } from "./seed";

export interface ZoteroUser {
  userID: number;
  username: string;
  seed: SeedOptions;
  /** Built from `seed` on first use. */
  library?: ZoteroLibrary;
}

export interface KeyAccess {
  /** Read the personal library. */
  library: boolean;
  notes: boolean;
  write: boolean;
  /** All current and future groups (the sandbox has no groups; kept for the key JSON). */
  groups: "none" | "read" | "write";
}

export interface ApiKey {
  key: string;
  userID: number;
  name: string;
  access: KeyAccess;
  /** ISO time of creation. */
  created: string;
}

export interface LoadShedding {
  /** Sent as `Backoff: <s>` on every API answer while set. */
  backoff?: number;
  /** Answer every `every`-th API request with `status` and `Retry-After: retryAfter`. */
  shed?: { status: number; retryAfter: number; every: number };
}

/** Write tokens are remembered this long (the server keeps them 12 hours). */
const WRITE_TOKEN_MS = 12 * 3_600_000;
const KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random key in zotero.org's form: 24 letters and digits. */
export function newApiKey(): string {
  return [...randomBytes(24)].map((byte) => KEY_CHARS[byte % KEY_CHARS.length]).join("");
}

/** The numeric user id of a username: stable across starts (a hash), 7 digits. */
export function userIdFor(username: string): number {
  return 1_000_000 + (hash53(username.trim().toLowerCase(), 17) % 9_000_000);
}

export const ALL_ACCESS: KeyAccess = { library: true, notes: true, write: true, groups: "write" };

export class ZoteroState {
  private readonly users = new Map<number, ZoteroUser>();
  private readonly keys = new Map<string, ApiKey>();
  private readonly writeTokens = new Map<string, number>();
  /** Website sign-in sessions: cookie value to user id. */
  readonly sessions = new Map<string, number>();
  /** Milliseconds every API request waits before it is answered (the benchmark's pacing floor). */
  pacingMs = 0;
  load: LoadShedding = {};
  private shedCounter = 0;
  /** "userID/itemKey" of items served malformed. */
  readonly malformed = new Set<string>();
  /** Run by reset() too (the OAuth server's tokens and nonces). */
  readonly resetHooks: (() => void)[] = [];

  /** The user with this name, created (with a seeded library of `seed`) if new. */
  userNamed(username: string, seed: SeedOptions = DEFAULT_SEED): ZoteroUser {
    const name = username.trim();
    let userID = userIdFor(name);
    for (;;) {
      const existing = this.users.get(userID);
      if (!existing) break;
      if (existing.username.toLowerCase() === name.toLowerCase()) return existing;
      userID += 1;
    }
    const user: ZoteroUser = { userID, username: name, seed };
    this.users.set(userID, user);
    return user;
  }

  user(userID: number): ZoteroUser | undefined {
    return this.users.get(userID);
  }

  library(user: ZoteroUser): ZoteroLibrary {
    user.library ??= seedLibrary(user.userID, user.username, user.seed);
    return user.library;
  }

  createKey(userID: number, name: string, access: KeyAccess, key = newApiKey()): ApiKey {
    const record: ApiKey = { key, userID, name, access: { ...access }, created: new Date().toISOString() };
    this.keys.set(key, record);
    return record;
  }

  key(key: string): ApiKey | undefined {
    return this.keys.get(key);
  }

  /** Revokes a key (DELETE /keys/{key}); false when there is no such key. */
  revokeKey(key: string): boolean {
    return this.keys.delete(key);
  }

  keysOf(userID: number): ApiKey[] {
    return [...this.keys.values()].filter((key) => key.userID === userID);
  }

  /** Whether this key already used this write token (within the 12 hours the server remembers). */
  writeTokenUsed(apiKey: string, token: string, nowMs = Date.now()): boolean {
    const expires = this.writeTokens.get(`${apiKey}\u0000${token}`);
    return expires !== undefined && expires > nowMs;
  }

  rememberWriteToken(apiKey: string, token: string, nowMs = Date.now()): void {
    this.writeTokens.set(`${apiKey}\u0000${token}`, nowMs + WRITE_TOKEN_MS);
  }

  /** Whether the load-shedding mode refuses this request (counts every API request). */
  shedsThisRequest(): LoadShedding["shed"] | undefined {
    const shed = this.load.shed;
    if (!shed) return undefined;
    this.shedCounter += 1;
    return this.shedCounter % Math.max(1, shed.every) === 0 ? shed : undefined;
  }

  reset(): void {
    this.users.clear();
    this.keys.clear();
    this.writeTokens.clear();
    this.sessions.clear();
    this.malformed.clear();
    this.pacingMs = 0;
    this.load = {};
    this.shedCounter = 0;
    for (const hook of this.resetHooks) hook();
  }
}
