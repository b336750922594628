import { useEffect, useRef, useState } from "react";

/**
 * One tooltip for the whole app: any element with `data-hint="…"` shows its hint after a short
 * hover or on keyboard focus (`data-hint-side="right"` puts it to the right, as the collapsed
 * sidebar wants; above is the default). A results page has four icon buttons per row, and a
 * tooltip component in each cost more to render than the rows themselves; this layer costs
 * nothing until a pointer rests on something. The hint repeats the element's accessible name
 * (aria-label), so it is hidden from assistive technology.
 */

const SHOW_DELAY_MS = 300;
/** Moving straight from one hinted element to the next shows the next at once, as menus do. */
const SKIP_DELAY_MS = 300;
const GAP_PX = 6;
const EDGE_PX = 4;

type Hint = { text: string; rect: DOMRect; side: "top" | "right" };

function hintTarget(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? (node.closest<HTMLElement>("[data-hint]") ?? null) : null;
}

export function HintLayer() {
  const [hint, setHint] = useState<Hint | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    let hiddenAt = 0;

    const show = (element: HTMLElement) => {
      const text = element.dataset.hint?.trim();
      if (!text || !element.isConnected) return;
      setHint({ text, rect: element.getBoundingClientRect(), side: element.dataset.hintSide === "right" ? "right" : "top" });
    };
    const schedule = (element: HTMLElement, immediate: boolean) => {
      clearTimeout(timer);
      current = element;
      if (immediate || Date.now() - hiddenAt < SKIP_DELAY_MS) show(element);
      else timer = setTimeout(() => show(element), SHOW_DELAY_MS);
    };
    const hide = () => {
      clearTimeout(timer);
      if (current) hiddenAt = Date.now();
      current = null;
      setHint(null);
    };

    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const target = hintTarget(event.target);
      if (target && target !== current) schedule(target, false);
      else if (!target && current) hide();
    };
    const onPointerOut = (event: PointerEvent) => {
      if (current && !current.contains(event.relatedTarget as Node | null)) hide();
    };
    // Keyboard focus only (:focus-visible), as a click's focus would otherwise pin the hint.
    const onFocusIn = (event: FocusEvent) => {
      const target = hintTarget(event.target);
      if (target && event.target instanceof Element && event.target.matches(":focus-visible")) schedule(target, true);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };

    // [target, event, handler, capture]: added together, removed together.
    const listeners: [EventTarget, string, EventListener, boolean][] = [
      [document, "pointerover", onPointerOver as EventListener, false],
      [document, "pointerout", onPointerOut as EventListener, false],
      [document, "pointerdown", hide, true],
      [document, "focusin", onFocusIn as EventListener, false],
      [document, "focusout", hide, false],
      [document, "keydown", onKeyDown as EventListener, false],
      [window, "scroll", hide, true],
      [window, "resize", hide, false],
    ];
    for (const [target, type, handler, capture] of listeners) target.addEventListener(type, handler, capture);
    return () => {
      clearTimeout(timer);
      for (const [target, type, handler, capture] of listeners) target.removeEventListener(type, handler, capture);
    };
  }, []);

  // Placed once its own size is known: centred above the element (below when there is no room
  // above), or to its right; kept inside the viewport.
  useEffect(() => {
    const element = bubble.current;
    if (!hint || !element) {
      setPosition(null);
      return;
    }
    const { width, height } = element.getBoundingClientRect();
    const { rect } = hint;
    const maxLeft = window.innerWidth - width - EDGE_PX;
    if (hint.side === "right") {
      setPosition({ left: Math.min(rect.right + GAP_PX, maxLeft), top: rect.top + rect.height / 2 - height / 2 });
      return;
    }
    const above = rect.top - height - GAP_PX;
    setPosition({
      left: Math.max(EDGE_PX, Math.min(rect.left + rect.width / 2 - width / 2, maxLeft)),
      top: above >= EDGE_PX ? above : rect.bottom + GAP_PX,
    });
  }, [hint]);

  if (!hint) return null;
  return (
    <div
      ref={bubble}
      role="presentation"
      aria-hidden
      data-testid="hint"
      style={position ? { left: position.left, top: position.top } : { left: 0, top: 0, visibility: "hidden" }}
      className="pointer-events-none fixed z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md animate-fade-in"
    >
      {hint.text}
    </div>
  );
}
