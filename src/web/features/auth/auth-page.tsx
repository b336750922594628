import { useEffect, useState, type ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { APP_NAME } from "@/shared/constants";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { isNativePlatform } from "@/web/lib/platform";
import { PageLoading } from "@/web/components/page-loading";
import { Card } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { AuthForm } from "@/web/features/auth/auth-form";
import {
  NATIVE_PLATFORM_PARAM,
  NATIVE_PLATFORM_VALUE,
  afterSignInPath,
  authReturnPath,
} from "@/web/features/auth/auth-redirect";
import { NativeHandBack, NativeSignInPanel } from "@/web/features/auth/native-sign-in-panels";

/**
 * A signed-in visitor moves on. One arriving from the confirmation link is already signed in
 * (the server signs in on confirmation), so the confirmation is said on the way.
 */
function SignedInRedirect({ to, confirmed }: { to: string; confirmed: boolean }) {
  useEffect(() => {
    if (confirmed) toast({ title: "Email confirmed successfully!", description: "You are signed in." });
  }, [confirmed]);
  return <Navigate to={to} replace />;
}

type AuthShellProps = { title: string; lead: string; children: ReactNode; footer?: ReactNode };

function AuthShell({ title, lead, children, footer }: AuthShellProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <title>{`${title} · ${APP_NAME}`}</title>
      <div className="text-center">
        <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-[0.9375rem] text-muted-foreground">{lead}</p>
      </div>
      <Card className="mt-8 p-5 sm:p-7">{children}</Card>
      {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
    </div>
  );
}

/**
 * /auth: sign in or sign up. A signed-in visitor goes on to /search or
 * to the page that sent them here. With ?platform=android the page works for the native app:
 * once signed in it hands the session back by deep link.
 */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isPending } = useCurrentUser();
  // Set once a sign-in here is on the native app's behalf: the token to hand back (null: read it from the session).
  const [handBack, setHandBack] = useState<{ token: string | null } | null>(null);

  const forNativeApp = searchParams.get(NATIVE_PLATFORM_PARAM) === NATIVE_PLATFORM_VALUE;
  const target = afterSignInPath(searchParams, location.state);

  const handleSignedIn = (token: string | null) => {
    if (forNativeApp) setHandBack({ token });
    else void navigate(target, { replace: true });
  };

  if (handBack || (forNativeApp && user)) {
    return (
      <AuthShell title="You are signed in" lead={`One more step to finish in the ${APP_NAME} app.`}>
        <NativeHandBack token={handBack?.token ?? null} />
      </AuthShell>
    );
  }
  if (isPending) return <PageLoading />;
  if (user) return <SignedInRedirect to={target} confirmed={searchParams.get("verified") === "1"} />;

  if (isNativePlatform()) {
    return (
      <AuthShell title={`Sign in to ${APP_NAME}`} lead="Keep your library in sync across devices.">
        <NativeSignInPanel />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={`Welcome to ${APP_NAME}`}
      lead="Sign in to keep your bookmarks, history and research profile on every device."
      footer={
        <>
          No account needed to search and read: your library stays on this device.{" "}
          <Link to="/search" className="font-medium text-foreground underline-offset-4 hover:underline">
            Continue without an account
          </Link>
        </>
      }
    >
      <AuthForm
        socialCallbackPath={forNativeApp ? authReturnPath(searchParams) : target}
        onSignedIn={handleSignedIn}
      />
    </AuthShell>
  );
}
