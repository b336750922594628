/**
 * The HTML the providers show a browser: the sign-in (consent) form and an error page. Self-
 * contained (inline CSS, no script, no external assets), made for Playwright:
 * `getByLabel("Email")`, `getByLabel("Name")`, `getByRole("button", { name: "Continue" })`,
 * `getByRole("button", { name: "Cancel" })`.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

const STYLE = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f3f4;font:16px/1.45 system-ui,sans-serif;color:#202124}
main{background:#fff;border:1px solid #dadce0;border-radius:8px;padding:32px;width:100%;max-width:380px;box-sizing:border-box}
h1{font-size:22px;font-weight:500;margin:0 0 4px}
p{margin:0 0 16px;color:#5f6368;font-size:14px}
label{display:block;font-size:14px;margin:12px 0 4px}
input[type=email],input[type=text],input[type=password],select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #dadce0;border-radius:4px;font:inherit}
.check{display:flex;gap:8px;align-items:center;margin-top:12px}
.check label{margin:0}
.error{color:#c5221f}
.actions{display:flex;flex-direction:row-reverse;justify-content:flex-start;gap:8px;margin-top:24px}
button{font:inherit;padding:8px 20px;border-radius:4px;border:1px solid #dadce0;background:#fff;cursor:pointer}
button[value=allow]{background:#1a73e8;border-color:#1a73e8;color:#fff}
ul{margin:0 0 8px;padding-left:20px;font-size:14px;color:#5f6368}
code{font:15px ui-monospace,monospace;background:#f1f3f4;color:#202124;padding:4px 6px;border-radius:4px;word-break:break-all}
`;

/** A page in the providers' look: a card with the given body, inline CSS, no script. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface ConsentPageOptions {
  /** "Sandbox Google" or "Sandbox GitHub". */
  provider: string;
  clientId: string;
  /** Where the form posts: the authorize path with the original query. */
  action: string;
  email: string;
  name: string;
  /** What the client asked for, shown as a list. */
  scopes: readonly string[];
  /** The client asked for a refresh token (`access_type=offline`). */
  offline: boolean;
  /** Offer "Keep my email address private" (GitHub). */
  privateEmailOption: boolean;
  /** Shown above the form after a rejected submission. */
  error?: string;
}

export function consentPage(options: ConsentPageOptions): string {
  const scopes = options.scopes.length > 0 ? `<ul>${options.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("")}</ul>` : "";
  const offline = options.offline ? "<p>It also asks for offline access (it can act while you are away).</p>" : "";
  const privateEmail = options.privateEmailOption
    ? '<div class="check"><input type="checkbox" id="private_email" name="private_email" value="1"><label for="private_email">Keep my email address private</label></div>'
    : "";
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : "";
  return page(
    `Sign in - ${options.provider}`,
    `<h1>Sign in to ${escapeHtml(options.provider)}</h1>
<p>to continue to <strong>${escapeHtml(options.clientId)}</strong></p>
${scopes}${offline}${error}
<!-- Continue comes first so that Enter in a field submits it (the form's default button). -->
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input type="email" id="email" name="email" value="${escapeHtml(options.email)}" autocomplete="email" required autofocus>
<label for="name">Name</label>
<input type="text" id="name" name="name" value="${escapeHtml(options.name)}" autocomplete="name">
${privateEmail}
<div class="actions">
<button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** What a provider shows when it cannot send the browser back to the client (unknown client, bad redirect_uri). */
export function errorPage(provider: string, status: number, error: string, description: string): string {
  return page(
    `Error ${status} - ${provider}`,
    `<h1>${escapeHtml(provider)}: sign-in failed</h1>
<p class="error" role="alert">Error ${status}: ${escapeHtml(error)}</p>
<p>${escapeHtml(description)}</p>`,
  );
}
