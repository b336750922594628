import { Link } from "react-router";
import { APP_NAME, SOURCE_CODE_URL } from "@/shared/constants";
import { QuireMark } from "@/web/components/quire-logo";

const linkClassName = "rounded-sm transition-colors hover:text-foreground";

export function PublicFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2.5">
          <QuireMark className="size-6" />
          <span>
            <span className="font-serif font-semibold text-foreground">{APP_NAME}</span>: find, read, keep and cite
            papers.
          </span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy-policy" className={linkClassName}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClassName}>
                Terms of Service
              </Link>
            </li>
            <li>
              <a href={SOURCE_CODE_URL} target="_blank" rel="noreferrer" className={linkClassName}>
                Source code
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
