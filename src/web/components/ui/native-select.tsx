import type { ComponentProps } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/web/lib/utils";

/**
 * The platform's own <select>, styled: phones show their native picker, screen readers know
 * it, and it costs no JavaScript. Use for short lists; `<optgroup>` groups options.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative min-w-0", className)}>
      <select
        data-slot="native-select"
        className="h-9 w-full min-w-0 appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-3 text-sm shadow-xs transition-colors outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:[color-scheme:dark]"
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
    </div>
  );
}
