import { cloneElement, useState, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { createModuleLoader } from "@/web/lib/module-loader";

type MenuModule = typeof import("./dropdown-menu");

// The menu's code (Radix's menu, its positioning and focus handling) is a fifth of the shell's
// JavaScript, and no page needs it before someone opens a menu.
const menuModule = createModuleLoader(() => import("./dropdown-menu"));
const preload = () => void menuModule.load().catch(() => undefined);

type DeferredMenuProps = {
  /** The button that opens the menu (one element that takes onClick and a ref). */
  trigger: ReactElement<ComponentProps<"button">>;
  /** The menu's items, built from the loaded module's parts. */
  children: (menu: MenuModule) => ReactNode;
} & Pick<ComponentProps<MenuModule["DropdownMenuContent"]>, "align" | "className">;

/**
 * A dropdown menu for the app's shell whose code loads on first use: until then the trigger
 * is the plain button (a pointer resting on it or focus starts the download), and the first
 * press opens the real menu as soon as it has arrived.
 */
export function DeferredMenu({ trigger, children, align, className }: DeferredMenuProps) {
  const [menu, setMenu] = useState(menuModule.get);
  const [pressed, setPressed] = useState(false);

  if (!menu) {
    const open = () => {
      setPressed(true);
      // Offline with the chunk not yet fetched, the button stays as it is and a later press tries again.
      menuModule.load().then(setMenu, () => setPressed(false));
    };
    return cloneElement(trigger, {
      "aria-haspopup": "menu",
      "aria-expanded": false,
      "aria-busy": pressed || undefined,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: open,
    });
  }
  const { DropdownMenu, DropdownMenuTrigger, DropdownMenuContent } = menu;
  return (
    <DropdownMenu modal={false} defaultOpen={pressed}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} className={className}>
        {children(menu)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
