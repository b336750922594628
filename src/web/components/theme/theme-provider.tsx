import { createContext, useContext, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { DEFAULT_THEME, STORAGE_KEYS, type Theme } from "@/shared/constants";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { createLocalString } from "@/web/lib/local-string";
import {
  applyResolvedTheme,
  DARK_SCHEME_QUERY,
  parseTheme,
  resolveTheme,
  type ResolvedTheme,
} from "@/web/components/theme/theme";

type ThemeContextValue = {
  /** What the user chose (stored under `theme`). */
  theme: Theme;
  /** What is on screen: "system" resolved against the OS preference. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

const themeStore = createLocalString(STORAGE_KEYS.theme, parseTheme);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get, () => DEFAULT_THEME);
  // Subscribed always, so "system" reacts the moment the OS switches.
  const systemPrefersDark = useMediaQuery(DARK_SCHEME_QUERY);
  const resolvedTheme = resolveTheme(theme, systemPrefersDark);

  useLayoutEffect(() => {
    applyResolvedTheme(document.documentElement, resolvedTheme);
  }, [resolvedTheme]);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, resolvedTheme, setTheme: themeStore.set }),
    [theme, resolvedTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside <ThemeProvider>");
  return value;
}
