import { APP_NAME } from "@/shared/constants";
import { describeExplanation, type ScoreExplanation } from "@/shared/catchup";
import type { Paper } from "@/shared/paper";
import { describePaperChange, type PaperChange } from "@/shared/paper-changes";
import { countOf } from "@/shared/plural";
import type { MailMessage } from "@/server/mail/mailer";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Papers listed in one digest at most. */
export const DIGEST_MAX_PAPERS = 10;

/** The daily or weekly catch-up e-mail: top recommended papers with links into Quire, HTML and plain text. */
export function digestEmail(options: {
  to: string;
  frequency: "daily" | "weekly";
  papers: { paper: Paper; explanation: ScoreExplanation }[];
  /** The version watch's news: new versions and publications of the user's papers. */
  changes?: PaperChange[];
  appUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const { frequency, papers, appUrl, unsubscribeUrl } = options;
  const changes = options.changes ?? [];
  const period = frequency === "daily" ? "the last 24 hours" : "the last 7 days";
  const counts = [
    ...(papers.length > 0 || changes.length === 0 ? [countOf(papers.length, "recommended paper")] : []),
    ...(changes.length > 0 ? [countOf(changes.length, "change") + " to your papers"] : []),
  ];
  const subject = `Your ${frequency} ${APP_NAME} catch-up: ${counts.join(", ")}`;
  const paperUrl = (paperId: string) => `${appUrl}/abs/${encodeURIComponent(paperId)}`;
  const catchupUrl = `${appUrl}/catchup`;
  const textItems = papers.map(({ paper, explanation }, index) =>
    [
      `${index + 1}. ${paper.title}`,
      `   ${paper.authors.slice(0, 3).join(", ")}${paper.authors.length > 3 ? ` +${paper.authors.length - 3} more` : ""}`,
      `   Score ${Math.round(explanation.score * 100)}%: ${describeExplanation(explanation).join(", ")}`,
      `   ${paperUrl(paper.id)}`,
    ].join("\n"),
  );
  const changeText = changes.map((change) => `- ${change.title}\n  ${describePaperChange(change)}\n  ${paperUrl(change.paperId)}`);
  const text = [
    ...(changes.length > 0 ? ["Changes to your papers:", ...changeText] : []),
    ...(papers.length > 0 ? [`Recommended papers from ${period}, picked by your research interests.`, ...textItems] : []),
    `See all of them: ${catchupUrl}`,
    `Stop these e-mails: ${unsubscribeUrl}`,
  ].join("\n\n");
  const htmlItems = papers
    .map(
      ({ paper, explanation }) => `<li style="margin:0 0 18px">
  <a href="${escapeHtml(paperUrl(paper.id))}" style="color:#1d4ed8;font-weight:600;text-decoration:none">${escapeHtml(paper.title)}</a>
  <div style="color:#555;font-size:13px">${escapeHtml(paper.authors.slice(0, 3).join(", "))}${paper.authors.length > 3 ? ` +${paper.authors.length - 3} more` : ""}</div>
  <div style="color:#777;font-size:12px">Score ${Math.round(explanation.score * 100)}%: ${escapeHtml(describeExplanation(explanation).join(", "))}</div>
</li>`,
    )
    .join("");
  const changeHtml = changes
    .map(
      (change) => `<li style="margin:0 0 12px">
  <a href="${escapeHtml(paperUrl(change.paperId))}" style="color:#1d4ed8;font-weight:600;text-decoration:none">${escapeHtml(change.title)}</a>
  <div style="color:#555;font-size:13px">${escapeHtml(describePaperChange(change))}</div>
</li>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:600px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">Your ${frequency} catch-up</h1>
${changes.length > 0 ? `<h2 style="font-size:16px">Changes</h2>\n<ul style="padding-left:20px">${changeHtml}</ul>` : ""}
${papers.length > 0 ? `<p>Recommended papers from ${period}, picked by your research interests.</p>\n<ol style="padding-left:20px">${htmlItems}</ol>` : ""}
<p><a href="${escapeHtml(catchupUrl)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open Paper Catchup</a></p>
<p style="color:#777;font-size:12px">You get this because you chose ${frequency} e-mails in ${APP_NAME}. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to: options.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
