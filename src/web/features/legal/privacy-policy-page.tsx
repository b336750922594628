import { Link } from "react-router";
import { APP_NAME, SOURCE_CODE_URL } from "@/shared/constants";
import { LegalPageLayout } from "@/web/features/legal/legal-page-layout";

export function PrivacyPolicyPage() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      updated="2026-11-22"
      summary={
        <>
          <strong className="font-semibold">In short:</strong> without an account, your library lives in your browser
          and nowhere else. With an account, we store what you save so it can follow you between devices. We query
          public scholarly services on your behalf, we never sell your data, keys you give us are stored encrypted, and
          deleting your account deletes your data.
        </>
      }
    >
      <p>
        This policy explains what {APP_NAME} stores, where, and why. &ldquo;We&rdquo; means the people who run this{" "}
        {APP_NAME} service. {APP_NAME} is open source, so if you use a copy run by someone else (your institution, for
        example), they are responsible for it and may add terms of their own.
      </p>

      <h2>Using {APP_NAME} without an account</h2>
      <p>
        You can search, read and bookmark papers without signing up. In that case your bookmarks, collections, reading
        history, search history, research profile, settings and cached results are kept in your browser&rsquo;s local
        storage on this device. They are not sent to our server, and we cannot see them.
      </p>
      <p>
        Clearing your browser&rsquo;s site data, or using the <Link to="/user-data">Your Data</Link> page, removes them.
        They do not sync to other devices.
      </p>

      <h2>Using {APP_NAME} with an account</h2>
      <p>When you sign in, we store on our server:</p>
      <ul>
        <li>
          your account: e-mail address, a securely hashed password (never the password itself) or the identity you
          signed in with through Google or GitHub, and your name and avatar if that provider shares them;
        </li>
        <li>
          your library: bookmarks, collections, notes, highlights, reading history and recent searches;
        </li>
        <li>your research profile: categories, author names, keywords and excluded terms, and your authored papers;</li>
        <li>your settings, including e-mail preferences;</li>
        <li>
          connection details for services you link, such as a Zotero API key, and any language-model API keys you add.
        </li>
      </ul>
      <p>
        The first time you sign in on a device, what you saved there anonymously is moved into your account so nothing
        is lost.
      </p>

      <h2>Services we query for you</h2>
      <p>
        To find and show papers, our server sends your search terms and paper identifiers to public scholarly services:
        arXiv, OpenAlex and Crossref. These requests come from our server, not from your browser, and do not include
        your e-mail address or account. Responses are cached for a while so that repeated searches are fast and the
        services are not overloaded.
      </p>
      <ul>
        <li>
          <strong>Zotero</strong>: only if you connect it. We read and write your Zotero library with the key you
          provide, and only when you sync or send a paper there.
        </li>
        <li>
          <strong>Language-model providers</strong>: only if you add your own key. When you ask for a plain-English
          search, the text of that query is sent to the provider you chose, under your key and their terms.
        </li>
        <li>
          <strong>Google and GitHub</strong>: only if you use them to sign in. They tell us your name and e-mail address;
          we ask for nothing else from those accounts.
        </li>
      </ul>

      <h2>Your API keys</h2>
      <p>
        Zotero and language-model keys are encrypted before they are stored and are decrypted only on our server, at
        the moment a request you asked for is made. They are never sent back to your browser in full, never shared, and
        you can remove them at any time in Settings.
      </p>

      <h2>E-mail</h2>
      <p>
        With an account, we may send a welcome message and, if you choose, a daily or weekly digest of new papers that
        match your profile. You can switch notifications off in Settings. We do not send marketing e-mail.
      </p>

      <h2>Cookies and usage information</h2>
      <p>
        We use a single cookie to keep you signed in. There are no advertising or cross-site tracking cookies. To keep
        the service working, we record technical logs and a small number of usage events (for example, that a search
        failed, or how long the app took to start). These are used only to find and fix problems.
      </p>

      <h2>What we never do</h2>
      <ul>
        <li>We do not sell, rent or trade your data.</li>
        <li>We do not show advertising or build advertising profiles.</li>
        <li>We do not share your library or reading history with anyone unless you ask us to, or the law requires it.</li>
      </ul>

      <h2>Keeping, exporting and deleting your data</h2>
      <p>
        We keep your account data for as long as you have an account. You can export everything we hold about you as
        JSON from <Link to="/user-data">Your Data</Link>. When you{" "}
        <Link to="/delete-account">delete your account</Link>, your profile, library, history, settings and stored keys
        are deleted from our database. Copies in backups expire on their normal schedule. Cached public paper metadata
        is not personal data and may remain.
      </p>

      <h2>Security</h2>
      <p>
        Connections to {APP_NAME} are encrypted in transit, passwords are hashed, keys are encrypted at rest, and each
        account can read only its own data. No system is perfectly secure; if we learn of a breach that affects you, we
        will tell you.
      </p>

      <h2>Children</h2>
      <p>
        {APP_NAME} is made for researchers and students and is not directed at children under 16. We do not knowingly
        collect their data.
      </p>

      <h2>Changes and contact</h2>
      <p>
        If we change this policy in a way that matters, we will update the date at the top and, for significant
        changes, tell signed-in users. Questions and requests can be raised through the project&rsquo;s{" "}
        <a href={SOURCE_CODE_URL} target="_blank" rel="noreferrer">
          source repository
        </a>
        .
      </p>
    </LegalPageLayout>
  );
}
