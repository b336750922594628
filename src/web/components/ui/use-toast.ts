import { useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@/shared/constants";

/**
 * Toast state lives outside React so any code (a query's onError, a plain function) can call
 * toast(). Only TOAST_LIMIT toasts exist at once: a new one pushes the oldest out. A dismissed
 * toast stays mounted (closed) for TOAST_REMOVE_DELAY_MS so its exit can finish.
 */

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  /** A <ToastAction> element, e.g. Retry. */
  action?: ReactElement;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Radix's default applies when omitted. */
  duration?: number;
};

export type ToastItem = ToastInput & {
  id: string;
  open: boolean;
};

export type ToastState = { toasts: ToastItem[] };

export type ToastAction =
  | { type: "add"; toast: ToastItem }
  | { type: "update"; toast: Partial<ToastItem> & { id: string } }
  | { type: "dismiss"; toastId?: string }
  | { type: "remove"; toastId?: string };

/** Pure state transitions; timers are scheduled by dispatch, not here. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "update":
      return {
        toasts: state.toasts.map((item) => (item.id === action.toast.id ? { ...item, ...action.toast } : item)),
      };
    case "dismiss":
      return {
        toasts: state.toasts.map((item) =>
          action.toastId === undefined || item.id === action.toastId ? { ...item, open: false } : item,
        ),
      };
    case "remove":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((item) => item.id !== action.toastId),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    dispatch({ type: "remove", toastId: id });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

function dispatch(action: ToastAction): void {
  if (action.type === "dismiss") {
    const ids = action.toastId === undefined ? state.toasts.map((item) => item.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  state = toastReducer(state, action);
  listeners.forEach((listener) => listener());
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: "dismiss", toastId });
}

export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (next: ToastInput) => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  dispatch({ type: "add", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => dispatch({ type: "update", toast: { ...next, id } }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return { ...current, toast, dismiss: dismissToast };
}
