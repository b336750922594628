import { useId, useState, type KeyboardEvent } from "react";
import { History, Search } from "lucide-react";
import { matchInputHistory } from "@/web/lib/input-history";
import { cn } from "@/web/lib/utils";

type SearchQueryInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Earlier queries, most recent first. */
  history: readonly string[];
  /** A history entry was chosen: run it. */
  onPick: (value: string) => void;
  onForget: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * The main search box: a combobox over the input history. ArrowDown and ArrowUp move through the
 * entries, Enter runs the highlighted one, Escape closes the list, Shift+Delete forgets the
 * highlighted entry.
 */
export function SearchQueryInput({ id, value, onChange, history, onPick, onForget, invalid, describedBy }: SearchQueryInputProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = matchInputHistory(history, value);
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (entry: string) => {
    close();
    onPick(entry);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        if (suggestions.length === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else {
          setActive((index) => (index + 1) % suggestions.length);
        }
        return;
      case "ArrowUp":
        if (suggestions.length === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(suggestions.length - 1);
        } else {
          setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
        }
        return;
      case "Enter":
        if (expanded && active >= 0 && suggestions[active]) {
          event.preventDefault();
          pick(suggestions[active]);
        } else {
          close();
        }
        return;
      case "Delete":
        // Shift+Delete forgets the highlighted entry, as browsers do for their own suggestions.
        if (expanded && event.shiftKey && active >= 0 && suggestions[active]) {
          event.preventDefault();
          onForget(suggestions[active]);
          setActive((index) => Math.min(index, suggestions.length - 2));
        }
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          close();
        }
        return;
    }
  };

  return (
    <div className="relative min-w-0 flex-1">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        placeholder="e.g. transformer or cat:cs.CL"
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={handleKeyDown}
        className={cn(
          "h-11 w-full min-w-0 rounded-lg border border-input bg-background pr-3 pl-9 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none sm:text-[0.9375rem] [&::-webkit-search-cancel-button]:appearance-none",
          invalid && "border-destructive focus-visible:border-destructive focus-visible:ring-destructive/30",
        )}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Recent queries"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {suggestions.map((entry, index) => (
          <li
            key={entry}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the input so blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(entry)}
            onMouseMove={() => setActive(index)}
            className={cn(
              "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm",
              index === active && "bg-accent text-accent-foreground",
            )}
          >
            <History className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-mono text-[0.8125rem]">{entry}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
