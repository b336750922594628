import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ExternalLink, KeyRound, Library, Loader2, LogIn, Plug, PlugZap, Trash2, Unplug } from "lucide-react";
import { ZOTERO_MESSAGES, zoteroOAuthErrorMessage } from "@/shared/zotero/zotero-messages";
import type { ZoteroStatus } from "@/shared/zotero/zotero-contract";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Badge } from "@/web/components/ui/badge";
import { Button, buttonVariants } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/components/ui/use-toast";
import { isApiError } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";
import { useZoteroActions, useZoteroStatus } from "./zotero-queries";

/** Where the login call sends the browser: Zotero's authorize page, or (manual) its new-key page. */
export const ZOTERO_LOGIN_URL = "/api/auth-zotero?action=login";
export const ZOTERO_MANUAL_LOGIN_URL = "/api/auth-zotero?action=login&manual=true";

/** Device copies of bibliography data (older clients kept lists here): removed with the credentials. */
function clearCachedBibliography(): void {
  try {
    for (const key of Object.keys(window.localStorage)) if (/zotero|bibliography/i.test(key)) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing kept there either.
  }
}

function StateBadge({ state }: { state: "checking" | ZoteroStatus["state"] }) {
  const labels = { checking: "Checking", connected: "Connected", credentials_saved: "Credentials Saved", not_connected: "Not Connected" } as const;
  return (
    <Badge
      variant={state === "connected" ? "default" : "outline"}
      className={cn(state === "credentials_saved" && "border-amber-500/50 text-amber-700 dark:text-amber-300", state === "checking" && "text-muted-foreground")}
    >
      {state === "checking" ? <Loader2 aria-hidden className="animate-spin" /> : null}
      {labels[state]}
    </Badge>
  );
}

/** The manual connection: make a key on Zotero's page, paste it here. */
function ManualKeyForm({ onDone }: { onDone: () => void }) {
  const { connectWithKey } = useZoteroActions();
  const [key, setKey] = useState("");
  const id = useId();
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await connectWithKey.mutateAsync(key.trim());
      toast({ title: "Connected to Zotero" });
      onDone();
    } catch (error) {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.connectionError, description: isApiError(error) ? error.message.replace(/^apiKey: /, "") : "Zotero could not be reached." });
    }
  };
  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="space-y-3 rounded-lg border border-border bg-muted/30 p-4">
      <p className="text-sm text-muted-foreground">
        Create a key with access to your library (and write access, to export papers), then paste it here.{" "}
        <a href={ZOTERO_MANUAL_LOGIN_URL} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-2 hover:underline">
          Create a key on zotero.org
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={`${id}-key`}>Zotero API key</Label>
          <Input id={`${id}-key`} value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" spellCheck={false} maxLength={64} placeholder="e.g. P9NiFoyLeZu2bZNvvuQPDWsd" className="font-mono" />
        </div>
        <Button type="submit" disabled={connectWithKey.isPending || key.trim() === ""}>
          {connectWithKey.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <KeyRound aria-hidden />}
          Connect with key
        </Button>
      </div>
    </form>
  );
}

/**
 * Zotero Integration: Checking, Connected
 * (username and method; Disconnect keeps the credentials, Delete Credentials revokes and
 * removes them), Credentials Saved (Reconnect), Not Connected (OAuth, or a key made by hand).
 * Also reads the OAuth return (`?zotero=1&success=oauth` or `&error=<code>`).
 */
export function ZoteroIntegrationCard({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <SignedInZoteroCard /> : <ZoteroSignInCard />;
}

function IntegrationHeader({ state }: { state: "checking" | ZoteroStatus["state"] }) {
  return (
    <SettingsCardHeader
      icon={Library}
      title="Zotero Integration"
      aside={<StateBadge state={state} />}
      description="Browse your Zotero library in Quire, export papers to it, and keep a synced copy for duplicate checks."
    />
  );
}

/** For anonymous visitors: Zotero needs an account (no query is made). */
function ZoteroSignInCard() {
  return (
    <Card id="settings-zotero" className="scroll-mt-20">
      <IntegrationHeader state="not_connected" />
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">Zotero needs an account: sign in to connect your library.</p>
          <Link to="/auth?redirect=/settings" className={buttonVariants({ variant: "outline" })}>
            <LogIn aria-hidden />
            Sign in
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function SignedInZoteroCard() {
  const status = useZoteroStatus();
  const actions = useZoteroActions();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [manualOpen, setManualOpen] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const returned = searchParams.get("zotero") === "1";

  useEffect(() => {
    if (!returned) return;
    cardRef.current?.scrollIntoView?.({ block: "start" });
    const success = searchParams.get("success");
    const error = searchParams.get("error");
    if (success === "oauth" || success === "true") {
      toast({ title: "Connected to Zotero" });
      void status.refetch();
    } else if (error) {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.connectionError, description: zoteroOAuthErrorMessage(error) });
    }
    if (success || error) navigate("/settings?zotero=1", { replace: true });
    // Once per return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  useEffect(() => {
    if (status.data?.manualPending) setManualOpen(true);
  }, [status.data?.manualPending]);

  const handleSoftDisconnect = async () => {
    try {
      await actions.softDisconnect.mutateAsync();
      toast({ title: ZOTERO_MESSAGES.disconnected, description: "Your credentials are saved; reconnect at any time." });
    } catch (error) {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.disconnectError, description: isApiError(error) ? error.message : undefined });
    }
  };
  const handleReconnect = async () => {
    try {
      await actions.reconnect.mutateAsync();
      toast({ title: ZOTERO_MESSAGES.reconnected });
    } catch {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.reconnectionError, description: ZOTERO_MESSAGES.reconnectionErrorBody });
    }
  };
  const handleDelete = async () => {
    try {
      const result = await actions.deleteCredentials.mutateAsync();
      clearCachedBibliography();
      if (!result.success) throw new Error("not deleted");
      toast({ title: ZOTERO_MESSAGES.credentialsDeleted, description: result.details.revoke?.success === false ? "The key could not be revoked at Zotero; remove it there." : undefined });
    } catch (error) {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.deletionError, description: isApiError(error) ? error.message : undefined });
    }
  };

  const state = status.isPending ? "checking" : (status.data?.state ?? "not_connected");
  const data = status.data;
  const busy = actions.softDisconnect.isPending || actions.reconnect.isPending || actions.deleteCredentials.isPending;

  const deleteButton = (
    <ConfirmAction
      trigger={
        <Button variant="ghost" className="text-destructive hover:text-destructive" disabled={busy}>
          <Trash2 aria-hidden />
          Delete Credentials
        </Button>
      }
      title="Delete your Zotero credentials?"
      description="The key is revoked at Zotero and removed from Quire, with the synced copy of your library. Your Zotero library itself is not touched."
      confirmLabel="Delete Credentials"
      destructive
      onConfirm={() => void handleDelete()}
    />
  );

  return (
    <Card id="settings-zotero" ref={cardRef} className={cn("scroll-mt-20", returned && "ring-2 ring-primary/40")}>
      <IntegrationHeader state={state} />
      <CardContent className="space-y-4">
        {state === "checking" ? (
          <p className="text-sm text-muted-foreground">Checking your Zotero connection…</p>
        ) : status.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-destructive">
              {ZOTERO_MESSAGES.connectionError}: the status could not be read.
            </p>
            <Button variant="outline" onClick={() => void status.refetch()}>
              Try Again
            </Button>
          </div>
        ) : state === "connected" || state === "credentials_saved" ? (
          <>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Username</dt>
              <dd className="font-medium">{data?.username ?? "—"}</dd>
              <dt className="text-muted-foreground">Method</dt>
              <dd>{data?.method === "oauth" ? "OAuth" : "API key"}</dd>
              {data?.expiresAt ? (
                <>
                  <dt className="text-muted-foreground">Expires</dt>
                  <dd>{new Date(data.expiresAt).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })}</dd>
                </>
              ) : null}
            </dl>
            <div className="flex flex-wrap gap-2">
              {state === "connected" ? (
                <>
                  <Link to="/zotero-library" className={buttonVariants()}>
                    <Library aria-hidden />
                    Open library
                  </Link>
                  <Button variant="outline" onClick={() => void handleSoftDisconnect()} disabled={busy}>
                    <Unplug aria-hidden />
                    Disconnect
                  </Button>
                </>
              ) : (
                <Button onClick={() => void handleReconnect()} disabled={busy}>
                  {actions.reconnect.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <PlugZap aria-hidden />}
                  Reconnect
                </Button>
              )}
              {deleteButton}
            </div>
          </>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              {data?.oauthAvailable !== false ? (
                <a href={ZOTERO_LOGIN_URL} className={buttonVariants()}>
                  <Plug aria-hidden />
                  Connect with Zotero
                </a>
              ) : null}
              <Button variant="outline" aria-expanded={manualOpen} onClick={() => setManualOpen((open) => !open)}>
                <KeyRound aria-hidden />
                Use an API key
              </Button>
            </div>
            {manualOpen ? <ManualKeyForm onDone={() => setManualOpen(false)} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
