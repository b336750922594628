import { Link } from "react-router";
import { ExternalLink, Info } from "lucide-react";
import { APP_NAME, SOURCE_CODE_URL } from "@/shared/constants";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
// The one place the app reads its own version; Vite bundles only this field.
import { version } from "../../../../package.json";

export const APP_VERSION: string = version;

/** About: the app, its version and where its source lives. */
export function AboutCard() {
  return (
    <Card>
      <SettingsCardHeader icon={Info} title={APP_NAME} />
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Version</dt>
          <dd className="font-mono">{APP_VERSION}</dd>
          <dt className="text-muted-foreground">Source</dt>
          <dd className="min-w-0">
            <a
              href={SOURCE_CODE_URL}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium break-all text-primary underline-offset-2 hover:underline"
            >
              Source code
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </dd>
          <dt className="text-muted-foreground">Legal</dt>
          <dd className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/privacy-policy" className="text-primary underline-offset-2 hover:underline">
              Privacy Policy
            </Link>
            <Link to="/terms-of-service" className="text-primary underline-offset-2 hover:underline">
              Terms of Service
            </Link>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
