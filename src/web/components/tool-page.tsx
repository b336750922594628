import type { ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { Card, CardContent, CardDescription, CardHeader } from "@/web/components/ui/card";
import { cn } from "@/web/lib/utils";

/**
 * The frame of the admin and developer pages: a heading with its actions, then cards. Tables
 * scroll sideways inside their card on a phone instead of widening the page.
 */
export function ToolPage(props: { title: string; description: string; actions?: ReactNode; children: ReactNode; width?: "wide" | "narrow" }) {
  return (
    <div className={cn("mx-auto w-full px-4 py-6 sm:px-6 lg:px-8 lg:py-8", props.width === "narrow" ? "max-w-4xl" : "max-w-6xl")}>
      <title>{`${props.title} · ${APP_NAME}`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Developer Tools</p>
          <h1 className="mt-1 font-serif text-2xl font-semibold tracking-tight sm:text-3xl">{props.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{props.description}</p>
        </div>
        {props.actions ? <div className="flex flex-wrap items-center gap-2">{props.actions}</div> : null}
      </div>
      <div className="mt-6 space-y-4">{props.children}</div>
    </div>
  );
}

/** A card with a heading (h2), an optional description and tools on the right. */
export function ToolSection(props: { id: string; title: string; description?: ReactNode; tools?: ReactNode; children: ReactNode; className?: string }) {
  const headingId = `${props.id}-heading`;
  return (
    <Card id={props.id} role="region" aria-labelledby={headingId} className={cn("min-w-0", props.className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="leading-tight font-semibold">
            {props.title}
          </h2>
          {props.description ? <CardDescription>{props.description}</CardDescription> : null}
        </div>
        {props.tools ? <div className="flex flex-wrap items-center gap-2">{props.tools}</div> : null}
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; align?: "left" | "right"; className?: string };

/** A plain data table with a caption for screen readers; numbers right-aligned. */
export function DataTable<Row>(props: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  /** Short figures only: on a phone the table narrows to the screen (smaller type) instead of scrolling sideways. */
  fitPhone?: boolean;
}) {
  if (props.rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{props.empty}</p>;
  return (
    <div className="-mx-6 overflow-x-auto px-6" data-fit-phone={props.fitPhone ? "" : undefined}>
      <table className={cn("w-full border-collapse text-sm", props.fitPhone ? "max-sm:text-xs sm:min-w-[36rem] max-sm:[&_td]:px-1 max-sm:[&_th]:px-1" : "min-w-[36rem]")}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            {props.columns.map((column) => (
              <th key={column.header} scope="col" className={cn("px-2 py-2 font-medium first:pl-0 last:pr-0", column.align === "right" && "text-right", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} className="border-b border-border/60 last:border-0">
              {props.columns.map((column) => (
                <td
                  key={column.header}
                  className={cn("px-2 py-2 align-top first:pl-0 last:pr-0", column.align === "right" && "text-right tabular-nums", column.className)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A failed load, said plainly, with the server's message. */
export function LoadError(props: { title: string; error: unknown; action?: ReactNode }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-start gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive dark:text-[oklch(0.78_0.13_27)]" aria-hidden />
          <div>
            <p className="font-medium">{props.title}</p>
            <p className="text-sm text-muted-foreground">{props.error instanceof Error ? props.error.message : "Please try again."}</p>
          </div>
        </div>
        {props.action}
      </CardContent>
    </Card>
  );
}

/** A headline number. */
export function StatCard(props: { label: string; value: string; hint?: string }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="gap-1 p-4 sm:p-5">
        <p className="text-xs font-medium text-muted-foreground">{props.label}</p>
        <p className="font-serif text-2xl font-semibold tabular-nums sm:text-3xl">{props.value}</p>
        {props.hint ? <p className="text-xs text-muted-foreground">{props.hint}</p> : null}
      </CardHeader>
    </Card>
  );
}
