import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { vi } from "vitest";

/**
 * A tiny OpenID provider for the integration tests, answering the Worker's outbound fetches to
 * its issuer (discovery, JWKS, token endpoint) from inside the test isolate. It checks what a
 * real IdP checks (client authentication, code, redirect URI, PKCE S256 verifier) and signs
 * id_tokens with its own RS256 key; each test can bend one thing (`tokenResponse`, `claims`).
 * D1 and R2 stay real.
 */
export const SSO_CLIENT_ID = "e-arsip-test";
export const SSO_CLIENT_SECRET = "e-arsip-test-secret";

type PendingCode = { challenge: string; redirectUri: string; nonce: string; claims: JWTPayload };

export type TokenHook = (ctx: { pending: PendingCode; sign: (claims: JWTPayload) => Promise<string> }) => Promise<Response> | Response;

let counter = 0;
const idps = new Map<string, FakeIdp>();
let originalFetch: typeof fetch | undefined;

export class FakeIdp {
  readonly issuer: string;
  readonly host: string;
  /** Replaces the token endpoint's success answer (not its checks) for the next exchanges. */
  tokenResponse: TokenHook | null = null;
  /** Token requests seen, for assertions. */
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, PendingCode>();

  private constructor(
    private keys: { privateKey: CryptoKey; kid: string; jwk: JsonWebKey },
    tag: string,
  ) {
    this.host = `idp-${tag}.test`;
    this.issuer = `https://${this.host}`;
  }

  static async create(): Promise<FakeIdp> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const kid = `key-${++counter}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
    const tag = `${crypto.randomUUID().slice(0, 8)}-${counter}`;
    const idp = new FakeIdp({ privateKey: privateKey as CryptoKey, kid, jwk }, tag);
    idps.set(idp.host, idp);
    installFetch();
    return idp;
  }

  /** Key rotation: a new signing key, the only one the JWKS endpoint publishes from now on. */
  async rotateKey(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const kid = `key-${++counter}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
    this.keys = { privateKey: privateKey as CryptoKey, kid, jwk };
  }

  /** A signed id_token with this IdP's key (or `key` to sign with another one). */
  async sign(claims: JWTPayload, options: { key?: CryptoKey; kid?: string; alg?: string } = {}): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? "RS256", kid: options.kid ?? this.keys.kid, typ: "JWT" })
      .sign(options.key ?? this.keys.privateKey);
  }

  /**
   * What the IdP does when the browser arrives at the authorization endpoint and the user signs
   * in as `user`: validate the request and answer with the redirect back to the app.
   */
  authorize(
    authorizationUrl: string,
    user: { sub: string; preferred_username?: string; name?: string; email?: string; email_verified?: unknown; [claim: string]: unknown } | { error: string },
  ): string {
    const url = new URL(authorizationUrl);
    if (`${url.origin}${url.pathname}` !== `${this.issuer}/authorize`) throw new Error(`not this IdP: ${authorizationUrl}`);
    const params = url.searchParams;
    const need = (name: string) => {
      const value = params.get(name);
      if (!value) throw new Error(`authorization request without ${name}`);
      return value;
    };
    if (need("client_id") !== SSO_CLIENT_ID || need("response_type") !== "code") throw new Error("bad client or response_type");
    if (need("code_challenge_method") !== "S256") throw new Error("PKCE S256 required");
    if (!need("scope").split(" ").includes("openid")) throw new Error("openid scope required");
    const redirectUri = need("redirect_uri");
    const back = new URL(redirectUri);
    back.searchParams.set("state", need("state"));
    back.searchParams.set("iss", this.issuer);
    if ("error" in user) {
      back.searchParams.set("error", String(user.error));
      return back.href;
    }
    const code = crypto.randomUUID();
    const now = Math.floor(Date.now() / 1000);
    this.codes.set(code, {
      challenge: need("code_challenge"),
      redirectUri,
      nonce: need("nonce"),
      claims: { iss: this.issuer, aud: SSO_CLIENT_ID, iat: now, exp: now + 300, nonce: need("nonce"), ...user },
    });
    back.searchParams.set("code", code);
    return back.href;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return Response.json({
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (request.method === "GET" && url.pathname === "/jwks") return Response.json({ keys: [this.keys.jwk] });
    if (request.method === "POST" && url.pathname === "/token") return this.token(request);
    return new Response("not found", { status: 404 });
  }

  private async token(request: Request): Promise<Response> {
    const body = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    this.tokenRequests.push(body);
    const oauthError = (error: string, status = 400) => Response.json({ error }, { status });
    if (request.headers.get("authorization") !== `Basic ${btoa(`${SSO_CLIENT_ID}:${SSO_CLIENT_SECRET}`)}`) return oauthError("invalid_client", 401);
    if (body.get("grant_type") !== "authorization_code") return oauthError("unsupported_grant_type");
    const pending = this.codes.get(body.get("code") ?? "");
    this.codes.delete(body.get("code") ?? "");
    if (!pending || body.get("redirect_uri") !== pending.redirectUri) return oauthError("invalid_grant");
    const verifier = body.get("code_verifier") ?? "";
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    if (challenge !== pending.challenge) return oauthError("invalid_grant");
    if (this.tokenResponse) return this.tokenResponse({ pending, sign: (claims) => this.sign(claims) });
    return Response.json({ access_token: crypto.randomUUID(), token_type: "Bearer", expires_in: 300, id_token: await this.sign(pending.claims) });
  }
}

/** Fetches to a FakeIdp host go to it, `.invalid` hosts fail, the rest go out as usual. Installed once per file. */
function installFetch() {
  if (originalFetch) return;
  originalFetch = globalThis.fetch;
  const passThrough = originalFetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const host = new URL(request.url).host;
    // RFC 2606: `.invalid` never resolves; fail as a real network error would, without trying.
    if (host.endsWith(".invalid")) throw new TypeError(`fetch failed: ${host} cannot be resolved`);
    const idp = idps.get(host);
    return idp ? idp.handle(request) : passThrough(request);
  });
}
