import type { ReactNode } from "react";
import { ChevronRight } from "lucide-react";
import { formatDateTime } from "@/shared/format";
import { countOf } from "@/shared/plural";
import { decodePreferenceKey } from "@/shared/user-data-values";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "@/web/components/ui/card";

/**
 * Read-only views of what the account holds: a tidy summary for people, with the raw JSON one
 * click away. Values come straight from the export, so every reader here is defensive.
 */

export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);

/** A value in one short line: On/Off, "—" for nothing, lists joined, objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "On" : "Off";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.every((item) => typeof item === "string") ? value.join(", ") : JSON.stringify(value);
  return JSON.stringify(value);
}

export function DataSection(props: { id: string; title: string; count?: number; description?: string; raw: unknown; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <Card id={props.id} role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="pb-4">
        <div className="flex items-center gap-2">
          <h2 id={headingId} className="leading-tight font-semibold">
            {props.title}
          </h2>
          {props.count === undefined ? null : (
            <Badge variant="secondary" aria-label={countOf(props.count, "item")}>
              {props.count}
            </Badge>
          )}
        </div>
        {props.description ? <CardDescription>{props.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {props.children}
        <details className="group rounded-lg border border-border">
          <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
            {`${props.title} as JSON`}
          </summary>
          <pre className="max-h-96 overflow-auto border-t border-border bg-muted/50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap">
            {JSON.stringify(props.raw, null, 2)}
          </pre>
        </details>
      </CardContent>
    </Card>
  );
}

/** Label/value rows that stack on a phone. */
export function FieldList(props: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[minmax(9rem,auto)_1fr]">
      {props.rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="mb-2 min-w-0 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

export function ProfileView({ profile }: { profile: unknown }) {
  const p = asRecord(profile);
  const email = asRecord(p.emailPreferences);
  return (
    <FieldList
      rows={[
        ["Name", formatValue(p.name)],
        ["Email", formatValue(p.email)],
        ["Affiliation", formatValue(p.affiliation)],
        ["Role", formatValue(p.role)],
        ["Research categories", formatValue(p.researchCategories)],
        ["Keywords", formatValue(p.researchInterests)],
        ["Author names", formatValue(p.authorNames)],
        [
          "Author identities",
          formatValue(Array.isArray(p.authorIdentities) ? p.authorIdentities.map((identity) => `${asText(asRecord(identity).name)}: OpenAlex ${asText(asRecord(identity).openalexId)}`) : null),
        ],
        ["Exclude terms", formatValue(p.excludeTerms)],
        ["Email notifications", formatValue(email.notifications)],
        ["Welcome email", formatValue(email.welcome)],
        ["Created", asText(p.createdAt) ? formatDateTime(asText(p.createdAt)) : "—"],
      ]}
    />
  );
}

export function BookmarksView({ bookmarks }: { bookmarks: unknown[] }) {
  if (bookmarks.length === 0) return <Empty>No bookmarks.</Empty>;
  return (
    <ul className="max-h-80 divide-y divide-border overflow-auto rounded-lg border border-border">
      {bookmarks.map((item, index) => {
        const bookmark = asRecord(item);
        const paper = asRecord(bookmark.paperData);
        const paperId = asText(bookmark.paperId) ?? `#${index + 1}`;
        return (
          <li key={`${paperId}-${index}`} className="px-3 py-2 text-sm">
            <p className="font-medium break-words">{asText(paper.title) ?? paperId}</p>
            <p className="text-xs text-muted-foreground">
              <span className="font-mono">{paperId}</span>
              {asText(bookmark.bookmarkedAt) ? ` · added ${formatDateTime(asText(bookmark.bookmarkedAt))}` : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function NotesView({ notes }: { notes: unknown[] }) {
  if (notes.length === 0) return <Empty>No notes.</Empty>;
  return (
    <ul className="max-h-80 divide-y divide-border overflow-auto rounded-lg border border-border">
      {notes.map((item, index) => {
        const note = asRecord(item);
        const paperId = asText(note.paperId) ?? `#${index + 1}`;
        return (
          <li key={`${paperId}-${index}`} className="px-3 py-2 text-sm">
            <p className="line-clamp-2 break-words whitespace-pre-line">{asText(note.content) ?? "—"}</p>
            <p className="text-xs text-muted-foreground">
              <span className="font-mono">{paperId}</span>
              {asText(note.updatedAt) ? ` · saved ${formatDateTime(asText(note.updatedAt))}` : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function HighlightsView({ highlights }: { highlights: unknown[] }) {
  if (highlights.length === 0) return <Empty>No highlights.</Empty>;
  return (
    <ul className="max-h-80 divide-y divide-border overflow-auto rounded-lg border border-border">
      {highlights.map((item, index) => {
        const highlight = asRecord(item);
        const paperId = asText(highlight.paperId) ?? "—";
        const color = asText(highlight.color);
        return (
          <li key={asText(highlight.id) ?? index} className="flex items-start gap-2.5 px-3 py-2 text-sm">
            <span
              aria-hidden
              className="mt-1 size-3 shrink-0 rounded-sm ring-1 ring-black/10"
              style={color && /^#[0-9a-f]{6}$/i.test(color) ? { backgroundColor: color } : undefined}
            />
            <div className="min-w-0">
              <p className="line-clamp-2 break-words">{asText(highlight.text) ?? "Area highlight"}</p>
              <p className="text-xs text-muted-foreground">
                <span className="font-mono">{paperId}</span>
                {typeof highlight.pageNumber === "number" ? ` · page ${highlight.pageNumber}` : null}
                {asText(highlight.createdAt) ? ` · ${formatDateTime(asText(highlight.createdAt))}` : null}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function CacheView({ entries }: { entries: unknown[] }) {
  if (entries.length === 0) return <Empty>No cache entries.</Empty>;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Key</th>
            <th scope="col" className="px-3 py-2 font-medium">Expires</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Reads</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((item, index) => {
            const entry = asRecord(item);
            const key = asText(entry.key) ?? `#${index + 1}`;
            return (
              <tr key={`${key}-${index}`}>
                <td className="min-w-36 px-3 py-2 font-mono text-xs break-all">{key}</td>
                <td className="min-w-32 px-3 py-2">{asText(entry.expiresAt) ? formatDateTime(asText(entry.expiresAt)) : "Never"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{typeof entry.accessCount === "number" ? entry.accessCount : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function SettingsView({ settings }: { settings: Record<string, unknown> }) {
  const rows = Object.entries(settings).map(([key, value]): [string, ReactNode] => [key, <span className="font-mono text-xs">{formatValue(value)}</span>]);
  if (rows.length === 0) return <Empty>No settings stored.</Empty>;
  return <FieldList rows={rows} />;
}

function readableKey(key: string): string {
  try {
    return decodePreferenceKey(key);
  } catch {
    return key;
  }
}

export function PreferencesView({ preferences }: { preferences: Record<string, unknown> }) {
  const rows = Object.entries(preferences).map(([key, value]): [string, ReactNode] => [
    readableKey(key),
    <span className="font-mono text-xs break-all">{JSON.stringify(value)}</span>,
  ]);
  if (rows.length === 0) return <Empty>No preferences stored.</Empty>;
  return <FieldList rows={rows} />;
}

/**
 * The other tables the account owns, as stored (the export's USER_TABLE_EXPORTS): titles for
 * the known ones; a table added later shows under its export key until it gets one here.
 */
export const RECORD_SECTIONS: Record<string, { title: string; description: string }> = {
  authoredPapers: { title: "Authored Papers", description: "Papers you listed as your own." },
  integrations: { title: "Connected Services", description: "Zotero and other connections. Their credentials are never exported." },
  zoteroCache: { title: "Zotero Library Cache", description: "Your Zotero items as last synced." },
  zoteroSyncLogs: { title: "Zotero Sync Log", description: "What each library sync did." },
  apiKeys: { title: "Language-Model Keys", description: "The providers you stored a key for. The keys themselves are never exported." },
  pdfCache: { title: "Cloud PDF Cache", description: "PDFs kept for you in the cloud." },
  llmUsage: { title: "Language-Model Usage", description: "Each call made with your keys: provider, model, tokens." },
  digestDeliveries: { title: "Digest E-mails", description: "The catch-up digests sent to you." },
  events: { title: "Activity Events", description: "What the app recorded of your use (page sections opened, searches by source, bookmarks)." },
  activeDays: { title: "Active Days", description: "The days you used the app." },
  signInMethods: { title: "Sign-in Methods", description: "How you sign in. Passwords and tokens are never exported." },
  sessions: { title: "Sessions", description: "Where you are signed in. Session tokens are never exported." },
};

const RECORDS_SHOWN = 5;

/** A table's rows in short: the first few, each as its first fields. */
export function RecordsView({ rows }: { rows: unknown[] }) {
  if (rows.length === 0) return <Empty>Nothing stored.</Empty>;
  return (
    <ul className="space-y-1.5 text-sm">
      {rows.slice(0, RECORDS_SHOWN).map((row, index) => (
        <li key={index} className="truncate font-mono text-xs text-muted-foreground">
          {Object.entries(asRecord(row))
            .filter(([, value]) => value !== null && value !== "" && typeof value !== "object")
            .slice(0, 4)
            .map(([key, value]) => `${key}: ${formatValue(value)}`)
            .join(" · ")}
        </li>
      ))}
      {rows.length > RECORDS_SHOWN ? <li className="text-xs text-muted-foreground">{`and ${rows.length - RECORDS_SHOWN} more (in the JSON below)`}</li> : null}
    </ul>
  );
}
