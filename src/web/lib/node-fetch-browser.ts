/**
 * What the browser build gets for `node-fetch` (vite.config.ts aliases it here). citation-js
 * (the BibTeX and RIS exports) imports node-fetch for its URL input, but in a browser it
 * calls the browser's own fetch and Headers and never the import; the real node-fetch would
 * bring Node's http, https, zlib, stream and buffer into the bundle as empty stubs (Vite's
 * "externalized for browser compatibility" warnings). Quire never hands citation-js a URL.
 */
const browserFetch: typeof fetch = (...args) => fetch(...args);
export default browserFetch;
export const Headers = globalThis.Headers;
export const Request = globalThis.Request;
export const Response = globalThis.Response;
