import type { ReactNode } from "react";

/** A titled group of cards on the Settings page (an h2 the page outline and screen readers can jump to). */
export function SettingsSection(props: { id: string; title: string; description?: string; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section id={props.id} aria-labelledby={headingId} className="scroll-mt-20 space-y-4">
      <div>
        <h2 id={headingId} className="font-serif text-xl font-semibold tracking-tight">
          {props.title}
        </h2>
        {props.description ? <p className="mt-1 text-sm text-muted-foreground">{props.description}</p> : null}
      </div>
      {props.children}
    </section>
  );
}
