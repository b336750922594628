import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { describe, expect, it } from "vitest";
import { OAuthProblem, OAuthServer, collectParams, hmacSha1Signature, signatureBaseString } from "./oauth1";

describe("OAuth 1.0a signatures", () => {
  it("signs the OAuth 1.0 specification's example (appendix A.5) as it says", () => {
    const url = new URL("http://photos.example.net/photos?file=vacation.jpg&size=original");
    const params: [string, string][] = [
      ["oauth_consumer_key", "dpf43f3p2l4k3l03"],
      ["oauth_token", "nnch734d00sl2jdk"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", "1191242096"],
      ["oauth_nonce", "kllo9940pd9333jh"],
      ["oauth_version", "1.0"],
      ...url.searchParams.entries(),
    ];
    const base = signatureBaseString("GET", url, params);
    expect(base).toBe(
      "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal",
    );
    expect(hmacSha1Signature(base, "kd94hf93k423kf44", "pfkkdhi9sl3r4s00")).toBe("tR3+Ty81lMeYAr/Fid0kMTYa/WM=");
  });

  it("agrees with the oauth-1.0a client on a request with encoded characters, a port and a form body", () => {
    const oauth = new OAuth({ consumer: { key: "ck", secret: "cs&!" }, signature_method: "HMAC-SHA1", hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64") });
    const body = { oauth_verifier: "v 1", note: "ü+*" };
    // oauth-1.0a adds the URL's query to request.data, so the body is kept apart.
    const request = { url: "http://127.0.0.1:4010/zotero-web/oauth/access?x=a%20b&y=%E2%9C%93", method: "POST", data: { ...body } };
    const token = { key: "tk", secret: "ts/" };
    const authorization = oauth.authorize(request, token);
    const header = oauth.toHeader(authorization).Authorization;
    const nowMs = Number(authorization.oauth_timestamp) * 1000;
    const server = new OAuthServer([{ key: "ck", secret: "cs&!" }], () => nowMs);
    const requestToken = server.issueRequestToken({ key: "ck", secret: "cs&!" }, "oob");
    // The server made its own token; sign for that one.
    const signedFor = oauth.authorize(request, { key: requestToken.token, secret: requestToken.secret });
    const signed = collectParams(oauth.toHeader(signedFor).Authorization, new URL(request.url), new URLSearchParams(body).toString());
    expect(server.verify("POST", new URL(request.url), signed, { token: true, required: ["oauth_verifier"] }).token).toBe(requestToken);
    expect(header).toMatch(/^OAuth /);
    // A second time the nonce is spent.
    expect(() => server.verify("POST", new URL(request.url), signed, { token: true })).toThrowError(OAuthProblem);
  });
});
