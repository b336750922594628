import { useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Eye, EyeOff, LoaderCircle } from "lucide-react";
import { authClient } from "@/web/lib/auth-client";
import { refreshSession } from "@/web/lib/auth-session";
import { assignLocation } from "@/web/lib/browser-location";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { AuthNotice, type NoticeTone } from "@/web/features/auth/auth-notice";
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  authErrorMessage,
  isExistingAccountAnswer,
  redirectErrorMessage,
  validateCredentials,
  type AuthMode,
} from "@/web/features/auth/auth-messages";
import { useAuthProviders, type SocialProvider } from "@/web/features/auth/auth-providers-query";
import { authReturnPath } from "@/web/features/auth/auth-redirect";
import { PROVIDER_LABELS, ProviderIcon } from "@/web/features/auth/provider-icons";

type Notice = { tone: NoticeTone; text: string; canResendVerification?: boolean };

/** What brought the visitor here: a confirmation link's outcome or a provider's error. */
function noticeFromUrl(searchParams: URLSearchParams): Notice | null {
  const error = searchParams.get("error");
  if (error) return { tone: "error", text: redirectErrorMessage(error) };
  if (searchParams.get("verified") === "1") return { tone: "success", text: AUTH_MESSAGES.emailConfirmed };
  return null;
}

/** better-auth wants a display name at sign-up; the profile page lets the user set the real one. */
function nameFromEmail(email: string): string {
  return email.split("@")[0] || email;
}

type AuthFormProps = {
  /** Where a provider sends the visitor back to after signing in. */
  socialCallbackPath: string;
  /** Called after a password sign-in with the bearer token the server handed back, if any. */
  onSignedIn: (token: string | null) => void;
};

type Pending = "form" | "resend" | SocialProvider | null;

/** Sign In and Sign Up: e-mail and password, the terms checkbox and the configured providers. */
export function AuthForm({ socialCallbackPath, onSignedIn }: AuthFormProps) {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(searchParams.get("mode") === "signup" ? "signup" : "signin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() => noticeFromUrl(searchParams));
  const [pending, setPending] = useState<Pending>(null);
  const providers = useAuthProviders().data ?? [];
  const ids = {
    email: useId(),
    password: useId(),
    passwordHint: useId(),
    terms: useId(),
    termsHint: useId(),
  };

  // The confirmation e-mail (sent at sign-up, and again by a sign-in before confirming) links back here.
  const verificationCallbackURL = authReturnPath(searchParams, { verified: "1" });
  const isBusy = pending !== null;
  const isSignUp = mode === "signup";
  const providerNames = providers.map((id) => PROVIDER_LABELS[id]).join(" or ");
  // Signing in with a password needs no agreement, so without providers the box is a sign-up matter only.
  const showTerms = isSignUp || providers.length > 0;
  const termsHint = termsAccepted
    ? null
    : isSignUp
      ? `Required to create an account${providerNames ? ` or to continue with ${providerNames}` : ""}.`
      : `Required to continue with ${providerNames}.`;

  const handleModeChange = (value: string) => {
    setMode(value === "signup" ? "signup" : "signin");
    setNotice(null);
  };

  const showFailure = (error: { code?: string | undefined; message?: string | undefined; status: number }) => {
    const failure = authErrorMessage(error);
    setNotice({ tone: "error", text: failure.message, canResendVerification: failure.canResendVerification });
  };

  const signUp = async (address: string) => {
    const { data, error } = await authClient.signUp.email({
      email: address,
      password,
      name: nameFromEmail(address),
      callbackURL: verificationCallbackURL,
    });
    if (error) return showFailure(error);
    if (isExistingAccountAnswer(data)) return setNotice({ tone: "error", text: AUTH_MESSAGES.alreadyRegistered });
    setNotice({ tone: "success", text: AUTH_MESSAGES.verificationSent });
    setPassword("");
    setMode("signin");
  };

  const signIn = async (address: string) => {
    let headerToken: string | null = null;
    const { data, error } = await authClient.signIn.email(
      { email: address, password, callbackURL: verificationCallbackURL },
      {
        onSuccess(context) {
          headerToken = context.response.headers.get("set-auth-token");
          // callbackURL only serves the confirmation e-mail; better-auth's client would follow
          // it after a successful sign-in, and the page decides where to go itself.
          if (context.data && typeof context.data === "object") (context.data as { redirect?: boolean }).redirect = false;
        },
      },
    );
    if (error) return showFailure(error);
    await refreshSession();
    onSignedIn(headerToken ?? (typeof data?.token === "string" ? data.token : null));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const problem = validateCredentials({ email, password, mode, termsAccepted });
    if (problem) {
      setNotice({ tone: "error", text: problem });
      return;
    }
    setPending("form");
    setNotice(null);
    try {
      const address = email.trim();
      await (isSignUp ? signUp(address) : signIn(address));
    } catch {
      setNotice({ tone: "error", text: AUTH_MESSAGES.network });
    } finally {
      setPending(null);
    }
  };

  const handleResendVerification = async () => {
    setPending("resend");
    try {
      const { error } = await authClient.sendVerificationEmail({
        email: email.trim(),
        callbackURL: verificationCallbackURL,
      });
      if (error) {
        setNotice({
          tone: "error",
          text: error.status === 429 ? AUTH_MESSAGES.rateLimited : error.message || AUTH_MESSAGES.unknown,
        });
      } else {
        setNotice({ tone: "success", text: AUTH_MESSAGES.verificationSent });
      }
    } catch {
      setNotice({ tone: "error", text: AUTH_MESSAGES.network });
    } finally {
      setPending(null);
    }
  };

  const handleSocial = async (provider: SocialProvider) => {
    if (!termsAccepted || isBusy) return;
    setPending(provider);
    setNotice(null);
    try {
      const { data, error } = await authClient.signIn.social({
        provider,
        callbackURL: socialCallbackPath,
        errorCallbackURL: authReturnPath(searchParams),
        disableRedirect: true,
      });
      if (error) {
        showFailure(error);
      } else if (data && "url" in data && typeof data.url === "string") {
        assignLocation(data.url);
        return; // Leaving the page: keep the button busy.
      } else {
        setNotice({ tone: "error", text: AUTH_MESSAGES.oauthFailed });
      }
    } catch {
      setNotice({ tone: "error", text: AUTH_MESSAGES.network });
    }
    setPending(null);
  };

  const form = (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={pending === "form"}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@university.edu"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="h-10"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.password}>Password</Label>
        <div className="relative">
          <Input
            id={ids.password}
            type={showPassword ? "text" : "password"}
            name="password"
            autoComplete={isSignUp ? "new-password" : "current-password"}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={isSignUp ? ids.passwordHint : undefined}
            className="h-10 pr-10"
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute inset-y-0.5 right-0.5 size-9 text-muted-foreground hover:text-foreground"
            aria-label={showPassword ? "Hide password" : "Show password"}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          </Button>
        </div>
        {isSignUp ? (
          <p id={ids.passwordHint} className="text-xs text-muted-foreground">
            At least {PASSWORD_MIN_LENGTH} characters.
          </p>
        ) : null}
      </div>

      {showTerms ? (
        <div className="flex items-start gap-2.5">
          <input
            id={ids.terms}
            type="checkbox"
            checked={termsAccepted}
            onChange={(event) => setTermsAccepted(event.target.checked)}
            aria-describedby={termsHint ? ids.termsHint : undefined}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.terms} className="text-sm leading-snug">
              I agree to the{" "}
              <Link
                to="/terms-of-service"
                target="_blank"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link
                to="/privacy-policy"
                target="_blank"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Privacy Policy
              </Link>
            </label>
            {termsHint ? (
              <p id={ids.termsHint} className="text-xs text-muted-foreground">
                {termsHint}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <Button type="submit" size="lg" className="mt-1 h-10 text-sm" disabled={isBusy || (isSignUp && !termsAccepted)}>
        {pending === "form" ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
        {isSignUp ? "Sign Up" : "Sign In"}
      </Button>
    </form>
  );

  return (
    <div className="flex flex-col gap-5">
      <Tabs value={mode} onValueChange={handleModeChange} className="gap-5">
        <TabsList className="grid h-10 w-full grid-cols-2">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>

        {notice ? (
          <AuthNotice
            tone={notice.tone}
            action={
              notice.canResendVerification ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={isBusy || !email.trim()}
                  onClick={() => void handleResendVerification()}
                >
                  {pending === "resend" ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
                  Resend verification email
                </Button>
              ) : null
            }
          >
            {notice.text}
          </AuthNotice>
        ) : null}

        <TabsContent value="signin">{mode === "signin" ? form : null}</TabsContent>
        <TabsContent value="signup">{mode === "signup" ? form : null}</TabsContent>
      </Tabs>

      {providers.length > 0 ? (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          {providers.map((provider) => (
            <Button
              key={provider}
              type="button"
              variant="outline"
              className="h-10"
              disabled={!termsAccepted || isBusy}
              aria-describedby={termsHint ? ids.termsHint : undefined}
              onClick={() => void handleSocial(provider)}
            >
              {pending === provider ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <ProviderIcon provider={provider} className="size-4" />
              )}
              Continue with {PROVIDER_LABELS[provider]}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
