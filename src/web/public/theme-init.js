// Applies the stored theme before first paint, so a dark-theme reader never sees a white flash.
// The build writes it into the page (scripts/head-scripts-plugin.ts; the CSP names it by hash). Mirrors
// src/web/components/theme/theme.ts: valid values are dark, light, system; default dark.
(function () {
  var themes = ["dark", "light", "system"];
  var stored = null;
  try {
    stored = window.localStorage.getItem("theme");
  } catch (error) {
    stored = null;
  }
  var theme = themes.indexOf(stored) === -1 ? "dark" : stored;
  var dark =
    theme === "dark" ||
    (theme === "system" && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  var root = document.documentElement;
  root.classList.add(dark ? "dark" : "light");
  root.style.colorScheme = dark ? "dark" : "light";
})();
