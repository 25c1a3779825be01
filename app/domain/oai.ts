/**
 * OAI-PMH 2.0 requests, pure: which verb with which arguments, checked the way the protocol
 * asks (section 3.1: illegal, missing and repeated arguments; section 3.3: dates and their
 * granularity). The repository's answers are built on the server (app/server/oai/); this module
 * only decides what was asked, or which error code the protocol wants for it.
 */

export const OAI_VERBS = ["Identify", "ListMetadataFormats", "ListSets", "ListIdentifiers", "ListRecords", "GetRecord"] as const;
export type OaiVerb = (typeof OAI_VERBS)[number];

export const OAI_ERROR_CODES = [
  "badArgument",
  "badResumptionToken",
  "badVerb",
  "cannotDisseminateFormat",
  "idDoesNotExist",
  "noRecordsMatch",
  "noMetadataFormats",
  "noSetHierarchy",
] as const;
export type OaiErrorCode = (typeof OAI_ERROR_CODES)[number];

export type OaiError = { code: OaiErrorCode; message: string };

/** The one metadata format this repository disseminates. */
export const OAI_DC = {
  prefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
} as const;

/** Records per page of ListRecords and ListIdentifiers (the rest follows a resumption token). */
export const OAI_PAGE_SIZE = 100;
/** How long a resumption token is honoured. */
export const RESUMPTION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A harvest's selection: what ListRecords / ListIdentifiers walk. Dates are datestamps (seconds, UTC). */
export type OaiSelection = { metadataPrefix: string; from: string | null; until: string | null; set: string | null };

export type OaiRequest =
  | { verb: "Identify" }
  | { verb: "ListMetadataFormats"; identifier: string | null }
  | { verb: "ListSets"; resumptionToken: string | null }
  | { verb: "ListIdentifiers" | "ListRecords"; selection: OaiSelection; resumptionToken: null }
  | { verb: "ListIdentifiers" | "ListRecords"; selection: null; resumptionToken: string }
  | { verb: "GetRecord"; identifier: string; metadataPrefix: string };

/** What was asked: the request, or the error to answer with (and the arguments to echo, if any). */
export type ParsedOaiRequest = { ok: true; request: OaiRequest; echo: Record<string, string> } | { ok: false; error: OaiError; echo: Record<string, string> | null };

const ARGUMENTS: Record<OaiVerb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: [], exclusive: "resumptionToken" },
  ListIdentifiers: { required: ["metadataPrefix"], optional: ["from", "until", "set"], exclusive: "resumptionToken" },
  ListRecords: { required: ["metadataPrefix"], optional: ["from", "until", "set"], exclusive: "resumptionToken" },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A datestamp argument: a day or a second (UTC), a real one; null for anything else. */
export function parseOaiDate(value: string): { granularity: "day" | "second"; day: string; second: string | null } | null {
  const day = DAY.exec(value);
  const match = day ?? SECOND.exec(value);
  if (!match) return null;
  const [, y, m, d, hh = "00", mm = "00", ss = "00"] = match;
  const iso = `${y}-${m}-${d}T${hh}:${mm}:${ss}Z`;
  const time = Date.parse(iso);
  // Out-of-range parts (2026-02-30, 25:00:00) do not print back the same.
  if (Number.isNaN(time) || toDatestamp(new Date(time)) !== iso) return null;
  return { granularity: day ? "day" : "second", day: `${y}-${m}-${d}`, second: day ? null : iso };
}

/** A datestamp of this repository (`2026-11-22T06:30:00Z`) from any instant. */
export const toDatestamp = (date: Date | string) => new Date(date).toISOString().slice(0, 19) + "Z";

const badArgument = (message: string): OaiError => ({ code: "badArgument", message });

/**
 * Parse an OAI-PMH request's arguments (every value of every key, as sent by GET or POST).
 * The echo is what the response's `request` element repeats: the arguments of a request the
 * repository could read, none for badVerb and badArgument (protocol section 3.2).
 */
export function parseOaiRequest(args: ReadonlyMap<string, readonly string[]>): ParsedOaiRequest {
  const verbs = args.get("verb") ?? [];
  const verb = verbs[0];
  if (verbs.length !== 1 || !verb || !(OAI_VERBS as readonly string[]).includes(verb)) {
    const message = verbs.length > 1 ? "The verb argument is repeated." : verb ? `Illegal verb: ${verb}.` : "The verb argument is missing.";
    return { ok: false, error: { code: "badVerb", message }, echo: null };
  }
  const spec = ARGUMENTS[verb as OaiVerb];
  const allowed = new Set(["verb", ...spec.required, ...spec.optional, ...(spec.exclusive ? [spec.exclusive] : [])]);
  const values: Record<string, string> = {};
  for (const [key, list] of args) {
    if (!allowed.has(key)) return { ok: false, error: badArgument(`Illegal argument for ${verb}: ${key}.`), echo: null };
    if (list.length !== 1) return { ok: false, error: badArgument(`The argument ${key} is repeated.`), echo: null };
    values[key] = list[0]!;
  }
  const echo = { ...values };
  const fail = (error: OaiError): ParsedOaiRequest => ({ ok: false, error, echo: error.code === "badArgument" ? null : echo });

  if (spec.exclusive && values[spec.exclusive] !== undefined) {
    const others = Object.keys(values).filter((key) => key !== "verb" && key !== spec.exclusive);
    if (others.length > 0) return fail(badArgument(`${spec.exclusive} is an exclusive argument: no other argument may come with it.`));
    const token = values[spec.exclusive]!;
    if (verb === "ListSets") return { ok: true, request: { verb, resumptionToken: token }, echo };
    return { ok: true, request: { verb: verb as "ListRecords" | "ListIdentifiers", selection: null, resumptionToken: token }, echo };
  }
  for (const key of spec.required) {
    if (values[key] === undefined) return fail(badArgument(`The required argument ${key} is missing.`));
  }

  switch (verb as OaiVerb) {
    case "Identify":
      return { ok: true, request: { verb: "Identify" }, echo };
    case "ListMetadataFormats":
      return { ok: true, request: { verb: "ListMetadataFormats", identifier: values.identifier ?? null }, echo };
    case "ListSets":
      return { ok: true, request: { verb: "ListSets", resumptionToken: null }, echo };
    case "GetRecord":
      if (values.metadataPrefix !== OAI_DC.prefix) return fail({ code: "cannotDisseminateFormat", message: `Unsupported metadata format: ${values.metadataPrefix}.` });
      return { ok: true, request: { verb: "GetRecord", identifier: values.identifier!, metadataPrefix: values.metadataPrefix! }, echo };
    case "ListIdentifiers":
    case "ListRecords": {
      const from = values.from === undefined ? null : parseOaiDate(values.from);
      const until = values.until === undefined ? null : parseOaiDate(values.until);
      if (values.from !== undefined && !from) return fail(badArgument(`Not a date of this repository's granularity: from=${values.from}.`));
      if (values.until !== undefined && !until) return fail(badArgument(`Not a date of this repository's granularity: until=${values.until}.`));
      if (from && until && from.granularity !== until.granularity) return fail(badArgument("from and until must have the same granularity."));
      const fromStamp = from ? (from.second ?? `${from.day}T00:00:00Z`) : null;
      const untilStamp = until ? (until.second ?? `${until.day}T23:59:59Z`) : null;
      if (fromStamp && untilStamp && fromStamp > untilStamp) return fail(badArgument("from is later than until."));
      if (values.metadataPrefix !== OAI_DC.prefix) return fail({ code: "cannotDisseminateFormat", message: `Unsupported metadata format: ${values.metadataPrefix}.` });
      return {
        ok: true,
        request: {
          verb: verb as "ListRecords" | "ListIdentifiers",
          selection: { metadataPrefix: values.metadataPrefix!, from: fromStamp, until: untilStamp, set: values.set ?? null },
          resumptionToken: null,
        },
        echo,
      };
    }
  }
}

/**
 * The sets: by category (`category:<id>`) and by work unit (`unit:<id>`), each under its parent
 * (`category`, `unit`). A setSpec of another shape names no set.
 */
export type OaiSet = { kind: "category" | "unit"; id: number | null };
export function parseSetSpec(spec: string): OaiSet | null {
  const match = /^(category|unit)(?::([1-9]\d{0,8}))?$/.exec(spec);
  if (!match) return null;
  return { kind: match[1] as OaiSet["kind"], id: match[2] ? Number(match[2]) : null };
}
export const setSpecOf = (kind: OaiSet["kind"], id: number) => `${kind}:${id}`;

/** The repository identifier of the oai-identifier scheme: a domain name (oai-identifier.xsd). */
const REPOSITORY_IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;
/** Where the host is no domain name (an IP address, `localhost`). */
export const FALLBACK_REPOSITORY_IDENTIFIER = "e-arsip.local";
export const repositoryIdentifierOf = (host: string) => (REPOSITORY_IDENTIFIER.test(host) ? host.toLowerCase() : FALLBACK_REPOSITORY_IDENTIFIER);

/** `oai:<repository>:<uuid>` of a document. */
export const oaiIdentifierOf = (repository: string, uuid: string) => `oai:${repository}:${uuid}`;

/** The document uuid an identifier of this repository names, or null (then it does not exist here). */
export function uuidOfOaiIdentifier(repository: string, identifier: string): string | null {
  const prefix = `oai:${repository}:`;
  if (!identifier.startsWith(prefix)) return null;
  const uuid = identifier.slice(prefix.length);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid) ? uuid : null;
}
