import { Hono, type Context } from "hono";
import { generateSpecs } from "hono-openapi";
import type { HonoEnv } from "../hono-env";

/** Where the document is served, under the API's base path. */
export const OPENAPI_PATH = "/openapi.json";
export const API_BASE_PATH = "/api/v1";

const TAGS = [
  { name: "Auth", description: "Sign-in, sign-out and single sign-on." },
  { name: "Documents", description: "The catalogue: documents, their files, categories and access requests for them." },
  { name: "Versions and trash", description: "A record's history: file versions, the trash, restore and purge." },
  { name: "Access requests", description: "Asking for, answering and revoking access to non-public documents." },
  { name: "Users", description: "The session check and user administration (Super Admin)." },
  { name: "Unit kerja", description: "Work-unit administration (Super Admin)." },
  { name: "Audit log", description: "The tamper-evident audit log (Super Admin)." },
  { name: "Statistics", description: "Dashboard figures." },
  { name: "Penyusutan", description: "Disposal lists (Daftar Arsip Usul Musnah / Usul Serah) and their Berita Acara, read-only." },
];

const DESCRIPTION = `The JSON API of E-Arsip (SPEC section 7). Every error answers \`{ message, error, errors? }\` with an Indonesian \`message\`.

Authentication: a session (\`POST /api/v1/auth/login\` sets the cookie and returns the CSRF token every unsafe call of that session must send as \`x-csrf-token\`), or a personal API token from the 'Token API' page as \`Authorization: Bearer …\`. A bearer call is never authenticated by cookies and needs no CSRF token; a token with scope \`read\` may only use safe methods (GET).`;

/** The document's fixed parts; the paths come from the routes' own declarations. */
const DOCUMENTATION = {
  openapi: "3.1.0",
  info: {
    title: "E-Arsip API",
    version: "1.0.0",
    description: DESCRIPTION,
  },
  servers: [{ url: "/", description: "This E-Arsip" }],
  tags: TAGS,
  components: {
    securitySchemes: {
      sessionCookie: {
        type: "apiKey" as const,
        in: "cookie",
        name: "__Host-earsip_session",
        description: "The session cookie set by `POST /api/v1/auth/login` (named `earsip_session` over plain HTTP).",
      },
      csrfHeader: {
        type: "apiKey" as const,
        in: "header",
        name: "x-csrf-token",
        description: "The session's CSRF token (from the login answer or `GET /api/v1/users/me`); required on every unsafe call of a session.",
      },
      bearerAuth: {
        type: "http" as const,
        scheme: "bearer",
        description: "A personal API token ('Token API' page). Its scope is `read` (safe methods only) or `read_write`; it acts as its owner.",
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of `/api/v1`, built from the routers' declarations once per isolate
 * (kept as a value, never as a pending promise another request could wait on).
 */
let document: object | undefined;

export async function openApiDocument(api: Hono<HonoEnv>): Promise<object> {
  if (document) return document;
  const app = new Hono<HonoEnv>().route(API_BASE_PATH, api);
  document = await generateSpecs(app, {
    documentation: DOCUMENTATION as never,
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
    exclude: [`${API_BASE_PATH}${OPENAPI_PATH}`],
  });
  return document;
}

/** `GET /api/v1/openapi.json`: the same for everyone, cacheable. */
export async function openApiResponse(c: Context<HonoEnv>, api: Hono<HonoEnv>) {
  return c.json(await openApiDocument(api), 200, { "Cache-Control": "public, max-age=300" });
}
