import { Validator, type Schema } from "@cfworker/json-schema";
import { exports } from "cloudflare:workers";

/**
 * The contract check every integration test's API calls go through (`call()` in http.ts): each
 * `/api/v1` answer must be one the OpenAPI document served by the Worker itself describes — its
 * status among the operation's responses, its content type among that response's media, and a
 * JSON body valid against that response's schema. Drift between the code and the document fails
 * the test that saw it. (@cfworker/json-schema: a 2020-12 validator that needs no code
 * generation, which workerd forbids.)
 */

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const DOCUMENT_PATH = "/api/v1/openapi.json";
let contract: { document: OpenApiDocument; templates: { template: string; pattern: RegExp }[] } | undefined;
const validators = new Map<string, Validator>();

async function loadContract() {
  if (contract) return contract;
  const response = await exports.default.fetch(`http://earsip.test${DOCUMENT_PATH}`);
  if (response.status !== 200) throw new Error(`${DOCUMENT_PATH} answered ${response.status}`);
  const document = await response.json<OpenApiDocument>();
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  // A literal path wins over a template that also matches it (`/archives/categories` over `/archives/{uuid}`).
  templates.sort((a, b) => a.template.split("{").length - b.template.split("{").length);
  contract = { document, templates };
  return contract;
}

const ERROR_REF = { $ref: "#/components/schemas/ApiError" };

function validatorFor(key: string, schema: Schema, document: OpenApiDocument): Validator {
  let validator = validators.get(key);
  if (!validator) {
    // The components travel with each schema, so `#/components/schemas/…` resolves.
    validator = new Validator({ ...schema, components: document.components } as Schema, "2020-12", false);
    validators.set(key, validator);
  }
  return validator;
}

function mediaFor(content: Record<string, { schema?: Schema }>, contentType: string) {
  return content[contentType] ?? content[`${contentType.split("/")[0]}/*`] ?? content["*/*"];
}

/** The problems of one answer against the contract (empty: it is one the document describes). */
export async function contractProblems(method: string, url: string, response: Response): Promise<string[]> {
  const { document, templates } = await loadContract();
  // Matched as the router matches it: on the decoded path.
  const pathname = new URL(url).pathname.split("/").map((segment) => decodeURIComponent(segment)).join("/");
  // HEAD is GET without a body (RFC 9110): the GET operation's statuses, no body to check.
  const head = method.toUpperCase() === "HEAD";
  const verb = head ? "get" : method.toLowerCase();
  const label = `${method} ${pathname} → ${response.status}`;
  const found = templates.find(({ template, pattern }) => pattern.test(pathname) && document.paths[template]?.[verb]);
  let schema: Schema | undefined;
  let key: string;
  if (!found) {
    // No such operation: only a refusal is allowed (the API's "endpoint not found", or a check
    // every unsafe request passes first, such as CSRF), in the one error shape.
    if (response.status < 400 || response.status >= 500) return [`${label}: no operation in the OpenAPI document`];
    schema = ERROR_REF as Schema;
    key = "unknown-path";
  } else {
    const responses = document.paths[found.template]![verb]!.responses ?? {};
    const status = String(response.status);
    const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!documented) return [`${label}: status not documented (documented: ${Object.keys(responses).join(", ")})`];
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    // An answer without content (a redirect, 304, 416, any HEAD) may keep the file's headers: nothing to check.
    if (!documented.content || head) return [];
    const media = mediaFor(documented.content, contentType);
    if (!media) return [`${label}: content type "${contentType}" not documented (documented: ${Object.keys(documented.content).join(", ")})`];
    if (contentType !== "application/json" || !media.schema) return [];
    schema = media.schema;
    key = `${found.template} ${verb} ${status}`;
  }
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return [`${label}: the body is not JSON`];
  }
  const result = validatorFor(key, schema, document).validate(body);
  if (result.valid) return [];
  return result.errors
    .filter((error) => error.keyword !== "properties" && error.keyword !== "$ref" && error.keyword !== "items" && error.keyword !== "allOf")
    .map((error) => `${label}: ${error.instanceLocation} ${error.error}`);
}

/** Throw unless the answer is one the contract describes (the API's answers only). */
export async function assertContract(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url);
  if (!pathname.startsWith("/api/v1/") || pathname === DOCUMENT_PATH) return;
  const problems = await contractProblems(method, url, response);
  if (problems.length > 0) throw new Error(`The answer breaks the OpenAPI contract:\n${problems.join("\n")}`);
}
