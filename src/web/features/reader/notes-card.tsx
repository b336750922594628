import { useEffect, useRef, useState } from "react";
import { NOTE_MAX_LENGTH, NOTE_SAVE_DEBOUNCE_MS } from "@/shared/paper-notes";
import type { Paper } from "@/shared/paper";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { createModuleLoader, useModule } from "@/web/lib/module-loader";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";

/**
 * The markdown renderer (react-markdown and its parser, most of the side cards' code) loads
 * when a note is previewed: the reader's first load, on a phone too, has no note to draw.
 */
const markdownLoader = createModuleLoader(() => import("react-markdown"));

/** The note drawn as markdown; its plain text until the renderer has arrived. */
function NoteMarkdown({ text }: { text: string }) {
  const markdown = useModule(markdownLoader);
  if (!markdown) return <p className="whitespace-pre-wrap">{text}</p>;
  const Markdown = markdown.default;
  return <Markdown>{text}</Markdown>;
}

type SaveState = "loading" | "idle" | "saving" | "saved" | "error";

const SAVE_LABELS: Record<SaveState, string> = {
  loading: "Loading...",
  idle: "",
  saving: "Saving...",
  saved: "Saved",
  error: "Not saved. Keep typing to try again.",
};

/**
 * A markdown note per paper, saved as you type (a working card, not a "coming soon"
 * placeholder). The store decides where it lives: the device for anonymous visitors, the
 * account once signed in. Preview renders the markdown without raw HTML.
 */
export function NotesCard({ paper }: { paper: Paper }) {
  const { notes } = useUserStores();
  const [text, setText] = useState("");
  const [state, setState] = useState<SaveState>("loading");
  const [mode, setMode] = useState<"write" | "preview">("write");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const paperId = paper.id;

  useEffect(() => {
    let cancelled = false;
    setState("loading");
    notes
      .get(paperId)
      .then((note) => {
        if (cancelled) return;
        setText(note?.content ?? "");
        setState("idle");
        if (note?.content) setMode("preview");
      })
      .catch(() => {
        if (!cancelled) setState("idle");
      });
    return () => {
      cancelled = true;
    };
  }, [notes, paperId]);

  // A note still waiting for its debounce is saved when the card goes (leaving the page).
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== null) void notes.save(paperId, pending.current).catch(() => undefined);
    },
    [notes, paperId],
  );

  function handleChange(value: string) {
    setText(value);
    setState("saving");
    pending.current = value;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const content = pending.current ?? "";
      pending.current = null;
      notes
        .save(paperId, content)
        .then(() => setState((current) => (current === "saving" && pending.current === null ? "saved" : current)))
        .catch(() => setState("error"));
    }, NOTE_SAVE_DEBOUNCE_MS);
  }

  const loading = state === "loading";
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle level={2} className="text-base">Notes</CardTitle>
        <div className="inline-flex rounded-md border border-border p-0.5 text-xs" role="group" aria-label="Notes mode">
          {(["write", "preview"] as const).map((option) => (
            <button
              key={option}
              type="button"
              onClick={() => setMode(option)}
              aria-pressed={mode === option}
              className={cn(
                "rounded px-2 py-0.5 font-medium capitalize",
                mode === option ? "bg-muted text-foreground" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {option}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {mode === "write" ? (
          <textarea
            aria-label="Notes (markdown)"
            value={text}
            disabled={loading}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => handleChange(event.target.value)}
            placeholder="Write notes in markdown: **key ideas**, - open questions..."
            className="min-h-36 w-full resize-y rounded-md border border-input bg-background px-3 py-2 font-mono text-[0.8125rem] leading-relaxed shadow-xs outline-none placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
          />
        ) : (
          <div
            data-testid="notes-preview"
            className="prose-note min-h-12 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-4 [&_ol]:list-decimal [&_p]:my-1.5 [&_ul]:list-disc"
          >
            {text.trim() ? (
              <NoteMarkdown text={text} />
            ) : (
              <p className="text-muted-foreground">No notes yet. Switch to Write to add some.</p>
            )}
          </div>
        )}
        <p className="mt-1.5 h-4 text-xs text-muted-foreground" role="status" aria-live="polite">
          {SAVE_LABELS[state]}
        </p>
      </CardContent>
    </Card>
  );
}
