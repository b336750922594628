import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { buttonVariants } from "@/web/components/ui/button";

type ConfirmActionProps = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** A red confirm button, for what cannot be undone. */
  destructive?: boolean;
} & (
  | {
      /** The button that opens the question. */
      trigger: ReactNode;
    }
  | {
      /** Opened by its owner (a button that does more than open it); no trigger of its own. */
      open: boolean;
      onOpenChange: (open: boolean) => void;
    }
);

/** Asks before acting: a title, a sentence, Cancel and `confirmLabel`. */
export function ConfirmAction(props: ConfirmActionProps) {
  const controlled = "open" in props ? { open: props.open, onOpenChange: props.onOpenChange } : {};
  return (
    <AlertDialog {...controlled}>
      {"trigger" in props ? <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className={props.destructive ? buttonVariants({ variant: "destructive" }) : undefined} onClick={props.onConfirm}>
            {props.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
