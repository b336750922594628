import type { ReactNode } from "react";
import { Link } from "react-router";
import { APP_NAME } from "@/shared/constants";

type LegalPageLayoutProps = {
  title: string;
  /** ISO date of the last substantive change. */
  updated: string;
  summary: ReactNode;
  children: ReactNode;
};

function formatDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function LegalPageLayout({ title, updated, summary, children }: LegalPageLayoutProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{`${title} · ${APP_NAME}`}</title>
      <p className="text-sm text-muted-foreground">
        <Link to="/" className="hover:text-foreground">
          {APP_NAME}
        </Link>{" "}
        / {title}
      </p>
      <h1 className="mt-3 font-serif text-4xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Last updated <time dateTime={updated}>{formatDate(updated)}</time>
      </p>
      <div className="mt-8 rounded-xl border border-border bg-muted/50 p-5 text-[0.9375rem] leading-relaxed">{summary}</div>
      <div className="prose-quire mt-4">{children}</div>
    </article>
  );
}
