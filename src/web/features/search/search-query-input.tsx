import { useCallback, useId, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Search } from "lucide-react";
import { matchInputHistory } from "@/web/lib/input-history";
import { cn } from "@/web/lib/utils";
import { SearchSuggestionList, suggestionHref, type SearchSuggestion } from "./search-suggestion-list";
import { usePaperSuggestions } from "./suggestion-queries";

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
 * The main search box: a combobox over the input history and, once a few characters are
 * typed, papers from Quire's own arXiv index.
 * ArrowDown and ArrowUp move through the entries, Enter runs the highlighted query or opens the
 * highlighted paper in the reader (with nothing highlighted the form searches as usual), Escape
 * closes the list, Shift+Delete forgets the highlighted query.
 */
export function SearchQueryInput({ id, value, onChange, history, onPick, onForget, invalid, describedBy }: SearchQueryInputProps) {
  const listId = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const papers = usePaperSuggestions(value);
  const items: SearchSuggestion[] = [
    ...matchInputHistory(history, value).map((entry): SearchSuggestion => ({ kind: "query", value: entry })),
    ...papers.map((paper): SearchSuggestion => ({ kind: "paper", paper })),
  ];
  const count = items.length;
  const expanded = open && count > 0;
  // Papers may arrive or leave while an entry is highlighted: an index past the end highlights nothing.
  const active = highlighted < count ? highlighted : -1;
  const current = expanded && active >= 0 ? items[active] : undefined;
  const optionId = useCallback((index: number) => `${listId}-option-${index}`, [listId]);

  const close = () => {
    setOpen(false);
    setHighlighted(-1);
  };
  const pick = (entry: string) => {
    close();
    onPick(entry);
  };
  const move = (step: 1 | -1) => {
    if (!expanded) {
      setOpen(true);
      setHighlighted(step === 1 ? 0 : count - 1);
    } else {
      setHighlighted((step === 1 ? (active + 1) % count : active <= 0 ? count - 1 : active - 1));
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (count === 0) return;
        event.preventDefault();
        move(event.key === "ArrowDown" ? 1 : -1);
        return;
      case "Enter":
        if (!current) {
          close();
          return;
        }
        event.preventDefault();
        if (current.kind === "query") {
          pick(current.value);
        } else {
          close();
          void navigate(suggestionHref(current.paper));
        }
        return;
      case "Delete":
        // Shift+Delete forgets the highlighted entry, as browsers do for their own suggestions.
        if (event.shiftKey && current?.kind === "query") {
          event.preventDefault();
          onForget(current.value);
          setHighlighted(Math.min(active, count - 2));
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
        aria-activedescendant={current ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        placeholder="e.g. transformer or cat:cs.CL"
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setHighlighted(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={handleKeyDown}
        className={cn(
          "h-11 w-full min-w-0 rounded-lg border border-input bg-background pr-3 pl-9 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none sm:text-[0.9375rem] [&::-webkit-search-cancel-button]:appearance-none",
          invalid && "border-destructive focus-visible:border-destructive focus-visible:ring-destructive/30",
        )}
      />
      <SearchSuggestionList
        id={listId}
        items={items}
        open={expanded}
        active={active}
        optionId={optionId}
        onHover={setHighlighted}
        onPickQuery={pick}
        onOpenPaper={close}
      />
    </div>
  );
}
