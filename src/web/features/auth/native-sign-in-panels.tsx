import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ExternalLink, Smartphone } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { assignLocation } from "@/web/lib/browser-location";
import { openExternalBrowser } from "@/web/lib/platform";
import { Button } from "@/web/components/ui/button";
import { AuthNotice } from "@/web/features/auth/auth-notice";
import { AUTH_MESSAGES } from "@/web/features/auth/auth-messages";
import { currentSessionToken, nativeCallbackUrl, nativeSignInUrl } from "@/web/features/auth/native-sign-in";

/** Inside the native app: sign-in happens in the system browser, which returns by deep link. */
export function NativeSignInPanel() {
  const [opened, setOpened] = useState(false);
  const [failed, setFailed] = useState(false);

  const handleOpen = async () => {
    setFailed(false);
    try {
      await openExternalBrowser(nativeSignInUrl());
      setOpened(true);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-muted-foreground">
        You sign in to {APP_NAME} in your browser, where your password manager and your Google or GitHub account
        already are. When you are done, the browser brings you back here.
      </p>
      <Button size="lg" className="h-10 text-sm" onClick={() => void handleOpen()}>
        <ExternalLink aria-hidden />
        Continue in Browser
      </Button>
      {opened ? (
        <AuthNotice tone="info">Finish signing in in your browser; you will come back here automatically.</AuthNotice>
      ) : null}
      {failed ? <AuthNotice tone="error">The browser could not be opened. Please try again.</AuthNotice> : null}
    </div>
  );
}

/**
 * In the system browser, after signing in on the app's behalf: hand the session token to the
 * app by its deep link. `token` comes from a password sign-in's answer; after a provider's
 * redirect it is read from the browser's session.
 */
export function NativeHandBack({ token }: { token: string | null }) {
  const [link, setLink] = useState<string | null>(token ? nativeCallbackUrl(token) : null);
  const [failed, setFailed] = useState(false);
  const handedBack = useRef(false);

  useEffect(() => {
    if (handedBack.current) return;
    handedBack.current = true;
    void (async () => {
      const sessionToken = token ?? (await currentSessionToken().catch(() => null));
      if (!sessionToken) {
        setFailed(true);
        return;
      }
      const url = nativeCallbackUrl(sessionToken);
      setLink(url);
      assignLocation(url);
    })();
  }, [token]);

  if (failed) {
    return (
      <AuthNotice tone="error">
        {AUTH_MESSAGES.nativeLinkInvalid}{" "}
        <Link to="/auth?platform=android" reloadDocument className="font-medium underline underline-offset-4">
          Sign in again
        </Link>
      </AuthNotice>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Smartphone className="size-6" aria-hidden />
      </span>
      <p role="status" className="text-[0.9375rem] leading-relaxed">
        {AUTH_MESSAGES.nativeReturn}
      </p>
      {link ? (
        <Button asChild variant="outline">
          <a href={link}>Open {APP_NAME}</a>
        </Button>
      ) : null}
    </div>
  );
}
