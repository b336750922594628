import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Database, Download, LogIn, RotateCw } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { toast } from "@/web/components/ui/use-toast";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";
import {
  asArray,
  asRecord,
  BookmarksView,
  CacheView,
  DataSection,
  HighlightsView,
  NotesView,
  PreferencesView,
  ProfileView,
  RECORD_SECTIONS,
  RecordsView,
  SettingsView,
} from "./user-data-sections";
import { downloadJson, exportFileName, fetchUserDataExport, userDataKeys, useUserDataExport, type UserDataExport } from "./user-data-queries";

function PageHeader(props: { onExport?: () => void; exporting?: boolean; canExport: boolean }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Your Data</h1>
        <p className="mt-1 text-sm text-muted-foreground">Everything stored with your account, read-only. Export it as one JSON file.</p>
      </div>
      {props.canExport ? (
        <Button onClick={props.onExport} disabled={props.exporting} className="w-full sm:w-auto">
          <Download aria-hidden />
          {props.exporting ? "Exporting…" : "Export Data"}
        </Button>
      ) : null}
    </div>
  );
}

function LoadingSections() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading your data">
      {[0, 1, 2].map((index) => (
        <Card key={index}>
          <CardContent className="space-y-3 pt-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function LoadFailure(props: { onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-start gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive dark:text-[oklch(0.78_0.13_27)]" aria-hidden />
          <div>
            <p className="font-medium">{USER_DATA_MESSAGES.loadUserData}</p>
            <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
          </div>
        </div>
        <Button variant="outline" onClick={props.onRetry} disabled={props.retrying}>
          <RotateCw className={props.retrying ? "animate-spin" : undefined} aria-hidden />
          Retry
        </Button>
      </CardContent>
    </Card>
  );
}

/** The export keys the sections above show in their own way. */
const CORE_KEYS = new Set(["profile", "bookmarks", "cache", "settings", "preferences", "searchHistory", "readingHistory", "notes", "highlights"]);

function DataSections({ exported }: { exported: UserDataExport }) {
  const { data } = exported;
  const bookmarks = asArray(data.bookmarks);
  const cache = asArray(data.cache);
  const notes = asArray(data.notes);
  const highlights = asArray(data.highlights);
  const settings = asRecord(data.settings);
  const preferences = asRecord(data.preferences);
  // Every other table the account owns, known ones in their order, then any added later.
  const recordKeys = [...Object.keys(RECORD_SECTIONS), ...Object.keys(data).filter((key) => !(key in RECORD_SECTIONS) && !CORE_KEYS.has(key))].filter((key) =>
    Array.isArray(data[key]),
  );
  return (
    <div className="space-y-4">
      <DataSection id="user-data-profile" title="Profile" raw={data.profile ?? null}>
        <ProfileView profile={data.profile} />
      </DataSection>
      <DataSection id="user-data-bookmarks" title="Bookmarks" count={bookmarks.length} raw={bookmarks}>
        <BookmarksView bookmarks={bookmarks} />
      </DataSection>
      <DataSection id="user-data-notes" title="Notes" count={notes.length} description="Your notes on papers, one per paper." raw={notes}>
        <NotesView notes={notes} />
      </DataSection>
      <DataSection id="user-data-highlights" title="Highlights" count={highlights.length} description="Passages you highlighted in PDFs." raw={highlights}>
        <HighlightsView highlights={highlights} />
      </DataSection>
      <DataSection id="user-data-cache" title="Cache Entries" count={cache.length} description="Cached data kept with your account, such as your publication list." raw={cache}>
        <CacheView entries={cache} />
      </DataSection>
      <DataSection id="user-data-settings" title="Settings" raw={settings}>
        <SettingsView settings={settings} />
      </DataSection>
      <DataSection
        id="user-data-preferences"
        title="Legacy Preferences"
        count={Object.keys(preferences).length}
        description="Small things the app remembers for you: table sorting, the last search, page sizes."
        raw={preferences}
      >
        <PreferencesView preferences={preferences} />
      </DataSection>
      {recordKeys.map((key) => {
        const rows = asArray(data[key]);
        const section = RECORD_SECTIONS[key] ?? { title: key, description: "" };
        return (
          <DataSection key={key} id={`user-data-${key}`} title={section.title} count={rows.length} description={section.description || undefined} raw={rows}>
            <RecordsView rows={rows} />
          </DataSection>
        );
      })}
    </div>
  );
}

function SignedInUserData({ userId }: { userId: string }) {
  const query = useUserDataExport(userId);
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);

  // One toast per failed load (the page shows the message and Retry as well).
  useEffect(() => {
    if (query.isError) toast({ variant: "destructive", title: USER_DATA_MESSAGES.loadUserDataToast, description: query.error.message });
  }, [query.isError, query.errorUpdatedAt, query.error]);

  const handleExport = async () => {
    setExporting(true);
    try {
      const exported = await fetchUserDataExport();
      queryClient.setQueryData(userDataKeys.export(userId), exported);
      const fileName = exportFileName(new Date());
      downloadJson(fileName, exported);
      toast({ title: "Data exported", description: fileName });
    } catch (error) {
      toast({ variant: "destructive", title: "Export failed", description: error instanceof Error ? error.message : undefined });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader canExport onExport={() => void handleExport()} exporting={exporting} />
      <div className="mt-6">
        {query.isSuccess ? (
          <DataSections exported={query.data} />
        ) : query.isError ? (
          <LoadFailure onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <LoadingSections />
        )}
      </div>
    </>
  );
}

/** /user-data, "Your Data": the account's data, read-only, and its export. */
export function UserDataPage() {
  const { session, isAuthPending } = useUserData();
  // Not "sign in" to someone whose session is still on its way.
  const loading = session.status === "loading" || (session.status === "anonymous" && isAuthPending);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Your Data · ${APP_NAME}`}</title>
      {session.status === "signed-in" ? (
        <SignedInUserData userId={session.user.id} />
      ) : loading ? (
        <>
          <PageHeader canExport={false} />
          <div className="mt-6">
            <LoadingSections />
          </div>
        </>
      ) : (
        <EmptyState
          icon={Database}
          title="Your Data"
          actions={
            <Button asChild>
              <Link to="/auth">
                <LogIn aria-hidden />
                Sign In
              </Link>
            </Button>
          }
        >
          Sign in to see and export the data stored with your account. Until then, everything you do stays on this device.
        </EmptyState>
      )}
    </div>
  );
}
