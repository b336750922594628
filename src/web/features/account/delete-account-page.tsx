import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, LoaderCircle, TriangleAlert, UserX } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { authClient } from "@/web/lib/auth-client";
import { EmptyState } from "@/web/components/empty-state";
import { PageLoading } from "@/web/components/page-loading";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/components/ui/use-toast";
import { authPathFor } from "@/web/features/auth/auth-redirect";
import { DELETE_ACCOUNT_MESSAGES, deleteAccount, leaveDeletedAccount } from "@/web/features/account/delete-account";

const DELETED_DATA = [
  "Your account and sign-in methods",
  "Your research profile and authored papers",
  "Bookmarks, collections and notes",
  "Reading and search history",
  "Settings, saved API keys and the Zotero connection",
  "Cached papers and PDFs stored for you",
];

/** /delete-account: re-authenticate with the password, delete, sign out, go to /. */
export function DeleteAccountPage() {
  const { user, isPending } = useCurrentUser();
  // Accounts made with Google or GitHub have no password: better-auth then asks for a recent sign-in instead.
  const accounts = useQuery({
    queryKey: ["auth", "accounts", user?.id],
    queryFn: async () => (await authClient.listAccounts()).data ?? [],
    enabled: Boolean(user),
  });
  const hasPassword = !accounts.data || accounts.data.some((account) => account.providerId === "credential");
  const [password, setPassword] = useState("");
  const [isDeleting, setIsDeleting] = useState(false);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const passwordId = useId();
  const passwordHintId = useId();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((hasPassword && !password) || isDeleting) return;
    setIsDeleting(true);
    setInlineError(null);
    const result = await deleteAccount(user, hasPassword ? password : undefined);
    if (!result.ok) {
      setIsDeleting(false);
      if (result.inline) setInlineError(result.message);
      else toast({ variant: "destructive", title: DELETE_ACCOUNT_MESSAGES.failedTitle, description: result.message });
      return;
    }
    setDeleted(true);
    toast({ title: "Account deleted", description: DELETE_ACCOUNT_MESSAGES.deleted });
    await leaveDeletedAccount();
  };

  if (deleted) {
    return (
      <>
        <title>{`Account deleted · ${APP_NAME}`}</title>
        <EmptyState icon={CircleCheck} title="Account deleted">
          <span role="status">{DELETE_ACCOUNT_MESSAGES.deleted}</span> Signing you out...
        </EmptyState>
      </>
    );
  }
  if (isPending) return <PageLoading />;
  if (!user) {
    return (
      <>
        <title>{`Delete Account · ${APP_NAME}`}</title>
        <EmptyState
          icon={UserX}
          tone="muted"
          title="Delete Account"
          actions={
            <Button asChild>
              <Link to={authPathFor("/delete-account")}>Go to Sign In</Link>
            </Button>
          }
        >
          {DELETE_ACCOUNT_MESSAGES.noUser} Sign in to the account you want to delete.
        </EmptyState>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Delete Account · ${APP_NAME}`}</title>
      <h1 className="font-serif text-3xl font-semibold tracking-tight">Delete Account</h1>
      <p className="mt-2 text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{user.email}</span>
      </p>

      <Card className="mt-8 border-destructive/40">
        <div className="flex gap-3 border-b border-destructive/20 bg-destructive/5 px-5 py-4 sm:px-6">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div>
            <h2 className="font-semibold">This cannot be undone</h2>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
              Deleting your account removes it and every piece of data {APP_NAME} keeps for it, for good:
            </p>
          </div>
        </div>
        <div className="px-5 py-5 sm:px-6">
          <ul className="grid gap-1.5 pl-5 text-sm leading-relaxed marker:text-muted-foreground sm:grid-cols-2 sm:gap-x-6 [&>li]:list-disc">
            {DELETED_DATA.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            You are then signed out and the data kept on this device is cleared. Want a copy first? Export it
            from{" "}
            <Link to="/user-data" className="font-medium text-primary underline-offset-4 hover:underline">
              Your Data
            </Link>
            .
          </p>

          <form onSubmit={(event) => void handleSubmit(event)} className="mt-6 flex flex-col gap-4">
            {hasPassword ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={passwordId}>Password</Label>
              <Input
                id={passwordId}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-describedby={passwordHintId}
                className="h-10 sm:max-w-sm"
              />
              <p id={passwordHintId} className="text-xs text-muted-foreground">
                Enter your password to confirm it is you.
              </p>
            </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                You sign in with Google or GitHub, so there is no password to enter. If your last sign-in was more
                than a day ago, sign out and in again first.
              </p>
            )}
            {inlineError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {inlineError}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
              <Button asChild variant="outline" className="h-10">
                <Link to="/settings">Cancel</Link>
              </Button>
              <Button type="submit" variant="destructive" className="h-10" disabled={(hasPassword && !password) || isDeleting}>
                {isDeleting ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
                Confirm and Delete Account
              </Button>
            </div>
          </form>
        </div>
      </Card>
    </div>
  );
}
