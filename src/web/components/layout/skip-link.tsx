import type { MouseEvent } from "react";

/** Lets keyboard users jump past the header and navigation. */
export function SkipLink({ targetId }: { targetId: string }) {
  // Focus the target directly: a hash change would become a router navigation.
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(targetId);
    target?.focus();
    target?.scrollIntoView();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={handleClick}
      className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
