import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonVariants } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { cn } from "@/web/lib/utils";

/** Page numbers to show around the current one (0-based), with null for a gap: 0 … 4 5 6 … 19. */
export function pageWindow(page: number, pageCount: number, around = 1): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index);
  const start = Math.max(1, Math.min(page - around, pageCount - 2 - around * 2));
  const end = Math.min(pageCount - 2, Math.max(page + around, 1 + around * 2));
  const pages: (number | null)[] = [0];
  if (start > 1) pages.push(null);
  for (let index = start; index <= end; index++) pages.push(index);
  if (end < pageCount - 2) pages.push(null);
  pages.push(pageCount - 1);
  return pages;
}

type PaginationProps = {
  /** 0-based. */
  page: number;
  pageCount: number;
  /** A link for each page, so pages can be opened in a new tab and the back button works. */
  hrefForPage: (page: number) => string;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageSizeChange: (size: number) => void;
  /** Names the navigation landmark. */
  label?: string;
};

function PageLink({ page, current, href, children, label }: { page: number; current?: boolean; href: string; children: ReactNode; label: string }) {
  return (
    <Link
      to={href}
      aria-label={label}
      aria-current={current ? "page" : undefined}
      className={cn(
        buttonVariants({ variant: current ? "default" : "ghost", size: "sm" }),
        "min-w-8 px-2 tabular-nums",
        current && "pointer-events-none",
      )}
      data-page={page}
    >
      {children}
    </Link>
  );
}

function DisabledStep({ children }: { children: ReactNode }) {
  return (
    <span aria-disabled="true" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "pointer-events-none px-2 opacity-40")}>
      {children}
    </span>
  );
}

/** Previous/next, page numbers (wider screens) or "Page x of y" (phones), and the page size. */
export function Pagination({ page, pageCount, hrefForPage, pageSize, pageSizeOptions, onPageSizeChange, label = "Pagination" }: PaginationProps) {
  const sizeId = `${label.replace(/\W+/g, "-").toLowerCase()}-size`;
  const previous = (
    <>
      <ChevronLeft aria-hidden />
      <span className="hidden sm:inline">Previous</span>
    </>
  );
  const next = (
    <>
      <span className="hidden sm:inline">Next</span>
      <ChevronRight aria-hidden />
    </>
  );
  return (
    <div className="flex flex-col-reverse items-center gap-3 sm:flex-row sm:justify-between">
      <div className="flex items-center gap-2 text-sm">
        <Label htmlFor={sizeId} className="font-normal text-muted-foreground">
          Results per page
        </Label>
        <NativeSelect id={sizeId} value={String(pageSize)} onChange={(event) => onPageSizeChange(Number(event.target.value))} className="w-20">
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      {pageCount > 1 ? (
        <nav aria-label={label} className="flex w-full items-center justify-between gap-1 sm:w-auto sm:justify-end">
          {page > 0 ? (
            <PageLink page={page - 1} href={hrefForPage(page - 1)} label="Previous page">
              {previous}
            </PageLink>
          ) : (
            <DisabledStep>{previous}</DisabledStep>
          )}
          <span className="px-2 text-sm text-muted-foreground tabular-nums sm:hidden">
            Page {page + 1} of {pageCount}
          </span>
          <ul className="hidden items-center gap-1 sm:flex">
            {pageWindow(page, pageCount).map((item, index) =>
              item === null ? (
                <li key={`gap-${index}`} aria-hidden className="px-1 text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={item}>
                  <PageLink page={item} current={item === page} href={hrefForPage(item)} label={`Page ${item + 1}`}>
                    {item + 1}
                  </PageLink>
                </li>
              ),
            )}
          </ul>
          {page < pageCount - 1 ? (
            <PageLink page={page + 1} href={hrefForPage(page + 1)} label="Next page">
              {next}
            </PageLink>
          ) : (
            <DisabledStep>{next}</DisabledStep>
          )}
        </nav>
      ) : null}
    </div>
  );
}
