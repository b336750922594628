/**
 * The browser's bar colour in each theme: the page's background. index.html names both (one
 * meta per colour scheme); the web manifest takes one, the default (dark) theme's.
 */
export const THEME_COLORS = { dark: "#151a24", light: "#fbf9f5" } as const;
