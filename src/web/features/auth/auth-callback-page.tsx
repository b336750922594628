import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { KeyRound } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { refreshSession } from "@/web/lib/auth-session";
import { storeAuthToken } from "@/web/lib/auth-token";
import { EmptyState } from "@/web/components/empty-state";
import { PageLoading } from "@/web/components/page-loading";
import { Button } from "@/web/components/ui/button";
import { AUTH_MESSAGES } from "@/web/features/auth/auth-messages";
import { DEFAULT_AFTER_SIGN_IN_PATH } from "@/web/features/auth/auth-redirect";
import { isValidAuthToken } from "@/web/features/auth/native-sign-in";

/**
 * /auth/callback?token=... : where the native app's deep link lands after the browser sign-in.
 * The token is kept only once the server confirms it belongs to a session.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get("token") ?? "";
  const [status, setStatus] = useState<"checking" | "invalid">("checking");
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (checked.current === token) return;
    checked.current = token;
    void (async () => {
      if (!(await isValidAuthToken(token))) {
        setStatus("invalid");
        return;
      }
      storeAuthToken(token);
      // Asked again, now with the token.
      await refreshSession();
      await navigate(DEFAULT_AFTER_SIGN_IN_PATH, { replace: true });
    })();
  }, [token, navigate]);

  if (status === "checking") {
    return (
      <>
        <title>{`Signing in · ${APP_NAME}`}</title>
        <PageLoading />
      </>
    );
  }
  return (
    <>
      <title>{`Sign-in failed · ${APP_NAME}`}</title>
      <EmptyState
        icon={KeyRound}
        tone="muted"
        title="Sign-in did not complete"
        actions={
          <Button asChild>
            <Link to="/auth">Go to Sign In</Link>
          </Button>
        }
      >
        {AUTH_MESSAGES.nativeLinkInvalid}
      </EmptyState>
    </>
  );
}
