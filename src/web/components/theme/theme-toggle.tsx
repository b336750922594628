import { Monitor, Moon, Sun } from "lucide-react";
import { THEMES, type Theme } from "@/shared/constants";
import { useTheme } from "@/web/components/theme/theme-provider";
import { Button } from "@/web/components/ui/button";
import { DeferredMenu } from "@/web/components/ui/deferred-menu";

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };
const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
// Light and Dark first: they are the everyday choice, System the exception.
const MENU_ORDER: readonly Theme[] = ["light", "dark", "system"];

function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

export function ThemeToggle() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const CurrentIcon = resolvedTheme === "dark" ? Moon : Sun;

  const handleThemeChange = (value: string) => {
    if (isTheme(value)) setTheme(value);
  };

  return (
    <DeferredMenu
      align="end"
      className="min-w-36"
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[theme]}`} title="Theme">
          <CurrentIcon className="size-[1.15rem]" aria-hidden />
        </Button>
      }
    >
      {({ DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator }) => (
        <>
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Theme</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuRadioGroup value={theme} onValueChange={handleThemeChange}>
            {MENU_ORDER.map((value) => {
              const Icon = THEME_ICONS[value];
              return (
                <DropdownMenuRadioItem key={value} value={value}>
                  <Icon aria-hidden />
                  {THEME_LABELS[value]}
                </DropdownMenuRadioItem>
              );
            })}
          </DropdownMenuRadioGroup>
        </>
      )}
    </DeferredMenu>
  );
}
