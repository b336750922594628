import { Link } from "react-router";
import { APP_NAME, SOURCE_CODE_URL } from "@/shared/constants";
import { LegalPageLayout } from "@/web/features/legal/legal-page-layout";

export function TermsOfServicePage() {
  return (
    <LegalPageLayout
      title="Terms of Service"
      updated="2026-11-22"
      summary={
        <>
          <strong className="font-semibold">In short:</strong> use {APP_NAME} for your research, be fair to the
          scholarly services behind it, respect the licences of the papers you read, and keep your account and keys
          safe. The service comes as it is, and you can leave at any time, taking your data with you.
        </>
      }
    >
      <p>
        These terms apply to your use of this {APP_NAME} service. By using it you agree to them. Our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your data.
      </p>

      <h2>What {APP_NAME} is</h2>
      <p>
        {APP_NAME} helps you search for research papers across arXiv, OpenAlex and Crossref, read them, organise them
        and cite them. It does not publish papers itself: metadata, abstracts and PDFs come from those services and from
        the publishers and authors behind them.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You may use {APP_NAME} without an account. Some features, such as syncing between devices, need one.</li>
        <li>Give a real e-mail address you control, and keep your password to yourself.</li>
        <li>You are responsible for what happens under your account. Tell us if you suspect someone else is using it.</li>
      </ul>

      <h2>Fair use</h2>
      <p>Please do not:</p>
      <ul>
        <li>
          use {APP_NAME} to bulk-download or scrape arXiv, OpenAlex, Crossref or publishers&rsquo; sites, or otherwise
          get around their rate limits (use their own bulk-data services instead);
        </li>
        <li>try to access other people&rsquo;s data, probe or disrupt the service, or get around its security;</li>
        <li>use it for anything unlawful, or to infringe anyone&rsquo;s rights.</li>
      </ul>
      <p>We may limit or suspend access that puts the service or the upstream services at risk.</p>

      <h2>Papers and their licences</h2>
      <p>
        Papers remain the work of their authors and publishers. Being able to open a PDF in {APP_NAME} does not change
        its licence: check it before you copy, redistribute or mine a paper. Bibliographic data is shown as the source
        services provide it and may contain errors.
      </p>

      <h2>Your content</h2>
      <p>
        Your bookmarks, collections, notes, highlights and profile belong to you. You allow us to store and process them
        only to run {APP_NAME} for you: to sync them, show them to you, and export them when you ask.
      </p>

      <h2>Connected services and your own keys</h2>
      <p>
        If you connect Zotero or add an API key for a language-model provider, your use of those services is governed
        by their terms, and any charges the provider makes for requests under your key are yours. We store keys
        encrypted and use them only for requests you make. Remove a key in Settings to stop its use immediately.
      </p>

      <h2>Availability</h2>
      <p>
        We work to keep {APP_NAME} running and accurate, but it is provided &ldquo;as is&rdquo;, without warranties.
        Upstream services can be slow, limited or unavailable, and features may change. Keep your own copies of anything
        important: you can export your library at any time.
      </p>

      <h2>Liability</h2>
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses, or for loss of data,
        arising from your use of {APP_NAME}. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>Ending your use</h2>
      <p>
        You can stop using {APP_NAME} whenever you like and <Link to="/delete-account">delete your account</Link>,
        which removes your data as described in the Privacy Policy. We may close accounts that break these terms, and
        will give notice where we reasonably can.
      </p>

      <h2>Open source</h2>
      <p>
        {APP_NAME}&rsquo;s source code is available under its own licence in the{" "}
        <a href={SOURCE_CODE_URL} target="_blank" rel="noreferrer">
          project repository
        </a>
        . That licence covers the code; these terms cover this running service.
      </p>

      <h2>Changes</h2>
      <p>
        We may update these terms. The date at the top shows the latest version; if a change matters, we will tell
        signed-in users before it takes effect. Continuing to use {APP_NAME} afterwards means you accept the new terms.
      </p>
    </LegalPageLayout>
  );
}
