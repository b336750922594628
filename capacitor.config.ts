import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The Android app (Capacitor): the built SPA (`npm run build`, dist/web) packaged with a
 * WebView. Build the web app with VITE_PUBLIC_URL set to the site the app talks to, then
 * `npx cap sync android` (README, "Android app").
 */
const config: CapacitorConfig = {
  appId: "org.quire.app",
  appName: "Quire",
  // The npm scripts build into dist/ unless QUIRE_BUILD_DIR names another folder (scripts/lib.mjs).
  webDir: `${process.env.QUIRE_BUILD_DIR || "dist"}/web`,
  android: {
    // The app's pages are served from https://localhost inside the WebView (the server
    // allows this origin's API calls, src/server/http/native-cors.ts).
    allowMixedContent: false,
  },
  plugins: {
    // Android's share sheet and deep links arrive through the App plugin (MainActivity.java).
    App: {},
  },
};

export default config;
