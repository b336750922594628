import { Link } from "react-router";
import { APP_NAME } from "@/shared/constants";
import { cn } from "@/web/lib/utils";

/** The mark: a magnifier whose amber handle makes it read as a Q. */
export function QuireMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-7", className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <circle cx="14.5" cy="14.5" r="6.75" fill="none" className="stroke-primary-foreground" strokeWidth="2.75" />
      <path d="M19.6 19.6l5 5" stroke="#f2c14e" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Logo and wordmark linking home; the accessible name is just the product name. */
export function QuireLogo({ to = "/", className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn("flex items-center gap-2 rounded-md font-serif text-xl font-semibold tracking-tight", className)}
    >
      <QuireMark />
      <span>{APP_NAME}</span>
    </Link>
  );
}
