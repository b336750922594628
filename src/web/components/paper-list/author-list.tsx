import { useState } from "react";
import { AUTHORS_SHOWN } from "@/shared/constants";
import { formatAuthorName } from "@/shared/format";
import { cn } from "@/web/lib/utils";

type AuthorListProps = {
  authors: readonly string[];
  /** Makes each name a button (e.g. to search for the author). */
  onAuthorClick?: (author: string) => void;
  className?: string;
};

/** Authors cut to 3 with "+N more", expandable, with "show less" to fold them again. */
export function AuthorList({ authors, onAuthorClick, className }: AuthorListProps) {
  const [expanded, setExpanded] = useState(false);
  const names = authors.map(formatAuthorName).filter(Boolean);
  if (names.length === 0) return <span className={cn("text-muted-foreground", className)}>Unknown authors</span>;
  const hidden = names.length - AUTHORS_SHOWN;
  const shown = expanded || hidden <= 0 ? names : names.slice(0, AUTHORS_SHOWN);

  return (
    <span className={cn("leading-relaxed", className)}>
      {shown.map((name, index) => {
        const comma = index < shown.length - 1 ? "," : null;
        return (
          <span key={`${name}-${index}`}>
            {onAuthorClick ? (
              // A button is a box of its own, and a line may break after any box: the comma
              // would start the next line. Held together, the line breaks at the space instead.
              <span className="whitespace-nowrap">
                <button
                  type="button"
                  onClick={() => onAuthorClick(name)}
                  title={`Search for papers by ${name}`}
                  className="rounded-sm text-left whitespace-normal underline-offset-2 hover:text-primary hover:underline focus-visible:outline-2"
                >
                  {name}
                </button>
                {comma}
              </span>
            ) : (
              <>
                {name}
                {comma}
              </>
            )}
            {comma ? " " : null}
          </span>
        );
      })}
      {hidden > 0 ? (
        <>
          {" "}
          <button
            type="button"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
            className="rounded-sm text-xs font-medium whitespace-nowrap text-primary underline-offset-2 hover:underline"
          >
            {expanded ? "show less" : `+${hidden} more`}
          </button>
        </>
      ) : null}
    </span>
  );
}
