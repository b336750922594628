import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * better-auth's core tables (user, session, account, verification), in the shape its
 * Drizzle adapter expects. `role` and `isSuperAdmin` carry Quire's roles: user < maintainer <
 * admin, plus a super-admin flag that passes every check.
 */
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role", { enum: ["user", "maintainer", "admin"] }).notNull().default("user"),
  isSuperAdmin: boolean("is_super_admin").notNull().default(false),
  /** Set when the welcome e-mail was claimed, so it goes out once. */
  welcomeEmailSentAt: timestamp("welcome_email_sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * better-auth's rate-limit counters (rateLimit.storage = "database"), shared by every
 * instance. (Quire's per-account sign-in counters are in `sign_in_attempts`, below.)
 */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch of the window's latest request. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Failed sign-ins per account (`account:{email}`), kept apart from better-auth's `rate_limit`,
 * which better-auth prunes by its own 60-second window: a lock must last its full 15 minutes.
 * Not tied to a user row: an address nobody registered is counted too (no enumeration).
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch of the latest failed attempt. */
  lastFailedAt: bigint("last_failed_at", { mode: "number" }).notNull(),
});

/**
 * Requests counted per client address or account in fixed windows, shared by every instance
 * (src/server/http/client-rate-limit.ts): product events, anonymous model calls, the sign-up
 * mail to an address that already has an account. A row holds its key's current window;
 * rows of windows that have ended are pruned.
 */
export const requestCounts = pgTable(
  "request_counts",
  {
    /** `{rule}:{client address, user id or e-mail}`. */
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** Milliseconds since the epoch (the database's clock) at which the window ends. */
    windowEndsAt: bigint("window_ends_at", { mode: "number" }).notNull(),
  },
  (t) => [index("request_counts_window_ends_at_idx").on(t.windowEndsAt)],
);
