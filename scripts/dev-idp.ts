/**
 * A local OpenID Connect identity provider for the embedded local default (never deployed):
 * oidc-provider with one static client for E-Arsip, PKCE required, and a small login page where
 * the demo usernames sign in with any password. `npm start` runs it beside `wrangler dev`
 * (scripts/start-local.ts); the e2e suite starts its own on a free port.
 *
 *   node scripts/dev-idp.ts            # http://127.0.0.1:9400
 *
 * Env: DEV_IDP_PORT (default 9400), DEV_IDP_REDIRECT_URIS (comma-separated extra redirect URIs,
 * e.g. http://127.0.0.1:8788/callback for an app on another port).
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { DEMO_SEED_ACCOUNTS } from "./demo-seed.ts";

export const DEV_IDP_PORT = 9400;
export const DEV_IDP_CLIENT_ID = "e-arsip-local";
/** A fixed secret, because it is written once into .dev.vars; this IdP only ever runs locally. */
export const DEV_IDP_CLIENT_SECRET = "e-arsip-local-dev-secret-0c7f1d2a9b";

/** The `groups` a campus directory would give each seed role (1 Super Admin, 2 Satuan Kerja, 3 Viewer). */
const DEV_IDP_GROUPS: Record<number, string[]> = { 1: ["arsip-admin"], 2: ["arsip-staf"], 3: [] };

/**
 * Who can sign in here: the demo accounts of the seed, with the seed's emails marked verified
 * (E-Arsip links a first SSO sign-in by verified email by default), and `tamu`, who exists only
 * at the IdP, to show what E-Arsip does with an SSO identity it does not know. Each also has the
 * `groups` and `unit_kerja` claims SSO claim mapping can read (off by default), matching the
 * seed: SSO_ROLE_CLAIM=groups, SSO_ROLE_MAP={"arsip-admin":"Super Admin","arsip-staf":"Satuan Kerja"},
 * SSO_UNIT_CLAIM=unit_kerja reproduce the seed's roles and units.
 */
export const DEV_IDP_ACCOUNTS: Record<string, { name: string; email: string; groups: string[]; unitKerja: string | null }> = {
  ...Object.fromEntries(
    DEMO_SEED_ACCOUNTS.map((account) => [
      account.username,
      { name: account.fullName, email: account.email, groups: DEV_IDP_GROUPS[account.role] ?? [], unitKerja: account.unit },
    ]),
  ),
  tamu: { name: "Tamu (tidak terdaftar di E-Arsip)", email: "tamu@contoh.ac.id", groups: [], unitKerja: null },
};

/** The app's callback at the ports `npm start` (8787) and `npm run dev` (5173) use. */
const DEFAULT_REDIRECT_URIS = ["127.0.0.1", "localhost"].flatMap((host) =>
  [8787, 5173].map((port) => `http://${host}:${port}/callback`),
);

export type DevIdp = { issuer: string; close(): Promise<void> };

export async function startDevIdp(options: { port?: number; host?: string; redirectUris?: string[] } = {}): Promise<DevIdp> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? DEV_IDP_PORT;
  const issuer = `http://${host}:${port}`;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_IDP_CLIENT_ID,
        client_secret: DEV_IDP_CLIENT_SECRET,
        redirect_uris: [...new Set([...DEFAULT_REDIRECT_URIS, ...(options.redirectUris ?? [])])],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [{ ...signingKey, kid: randomUUID(), alg: "RS256", use: "sig" }] as never },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
    claims: { openid: ["sub"], profile: ["name", "preferred_username", "groups", "unit_kerja"], email: ["email", "email_verified"] },
    // Put the profile and email claims into the id_token too (E-Arsip reads them there, not from userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: no consent screen; every sign-in gets the scopes it asked for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const clientId = ctx.oidc.client!.clientId;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId! });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, sub) => {
      const account = DEV_IDP_ACCOUNTS[sub];
      if (!account) return undefined;
      // Every address here is the account's own (this IdP stands in for a campus directory).
      const claims = {
        sub,
        preferred_username: sub,
        name: account.name,
        email: account.email,
        email_verified: true,
        groups: account.groups,
        ...(account.unitKerja ? { unit_kerja: account.unitKerja } : {}),
      };
      return { accountId: sub, claims: () => claims };
    },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = page("Kesalahan", `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ""))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleProvider = provider.callback();

  const server = createServer((req, res) => {
    handle(provider, req, res).then(
      (handled) => {
        if (!handled) handleProvider(req, res);
      },
      (error: unknown) => {
        console.error("dev IdP:", error);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end("dev IdP error");
      },
    );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done());
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The login page and the favicon; everything else is oidc-provider's. */
async function handle(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://idp.local");
  if (url.pathname === "/favicon.ico") {
    res.writeHead(204).end();
    return true;
  }
  const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(url.pathname);
  if (!match) return false;
  const details = await provider.interactionDetails(req, res);

  if (match[2] === "/abort") {
    await provider.interactionFinished(req, res, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false });
    return true;
  }
  if (details.prompt.name !== "login") {
    // Consent is granted by loadExistingGrant; nothing else is asked of the user here.
    await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    return true;
  }
  if (match[2] === "/login" && req.method === "POST") {
    const form = new URLSearchParams(await readBody(req));
    const username = (form.get("username") ?? "").trim();
    if (DEV_IDP_ACCOUNTS[username] && (form.get("password") ?? "") !== "") {
      await provider.interactionFinished(req, res, { login: { accountId: username } }, { mergeWithLastSubmission: false });
      return true;
    }
    sendLogin(res, details.uid, username, "Username tidak dikenal atau password kosong.");
    return true;
  }
  sendLogin(res, details.uid, "", null);
  return true;
}

function sendLogin(res: ServerResponse, uid: string, username: string, error: string | null) {
  const accounts = Object.entries(DEV_IDP_ACCOUNTS)
    .map(([id, { name, email }]) => `<li><code>${escapeHtml(id)}</code> — ${escapeHtml(name)} (${escapeHtml(email)})</li>`)
    .join("");
  const body = `
    ${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="/interaction/${uid}/login">
      <label>Username <input name="username" value="${escapeHtml(username)}" autocomplete="username" required autofocus></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
      <button type="submit">Masuk</button>
    </form>
    <p><a href="/interaction/${uid}/abort">Batal</a></p>
    <p class="hint">IdP pengembangan lokal: password apa saja diterima. Akun:</p>
    <ul>${accounts}</ul>`;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(page("SSO Kampus (lokal)", body));
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; color: #0f172a; }
  label { display: block; margin: .75rem 0; font-size: .9rem; }
  input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; }
  button { padding: .5rem 1.25rem; background: #1d4ed8; color: #fff; border: 0; border-radius: .375rem; }
  .error { background: #fef2f2; color: #991b1b; padding: .5rem; }
  .hint { color: #475569; font-size: .85rem; }
</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error("login form too large");
  }
  return body;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.DEV_IDP_PORT ?? DEV_IDP_PORT);
  const redirectUris = (process.env.DEV_IDP_REDIRECT_URIS ?? "").split(",").map((uri) => uri.trim()).filter(Boolean);
  const idp = await startDevIdp({ port, redirectUris });
  console.log(`Local SSO (OIDC) identity provider on ${idp.issuer} — users: ${Object.keys(DEV_IDP_ACCOUNTS).join(", ")}`);
  const stop = () => void idp.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
