import {
  OAI_DC,
  OAI_PAGE_SIZE,
  oaiIdentifierOf,
  parseOaiRequest,
  parseSetSpec,
  repositoryIdentifierOf,
  setSpecOf,
  toDatestamp,
  uuidOfOaiIdentifier,
  type OaiError,
  type OaiRequest,
  type OaiSelection,
} from "~/domain/oai";
import type { ServiceContext } from "../context.server";
import { documentFileUrl } from "../documents/view.server";
import { dublinCoreOf, type PublicRecord } from "./dublin-core.server";
import { earliestDatestamp, recordByUuid, recordCount, recordPage, setNames, type OaiRecordRow } from "./queries.server";
import { decodeResumptionToken, encodeResumptionToken, tokenExpiry, type ResumptionState } from "./resumption-token.server";
import { element, escapeXml, textElement } from "./xml.server";

/**
 * The OAI-PMH 2.0 repository (`/oai`): the six verbs over the records of every document that was
 * ever PUBLIC (`oai_records`), metadata in oai_dc for live PUBLIC documents only, every other
 * record answered as deleted (deletedRecord "persistent"). Anyone may harvest (it is what
 * visitors may see); nothing is written.
 */

const OAI_NAMESPACE = "http://www.openarchives.org/OAI/2.0/";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
const OAI_SCHEMA = "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd";
const DC_NAMESPACE = "http://purl.org/dc/elements/1.1/";
const OAI_IDENTIFIER_NAMESPACE = "http://www.openarchives.org/OAI/2.0/oai-identifier";
const OAI_IDENTIFIER_SCHEMA = "http://www.openarchives.org/OAI/2.0/oai-identifier.xsd";

/** What the repository says about itself (configuration, and the origin its links use). */
type Repository = { name: string; adminEmail: string; origin: string; identifier: string; baseUrl: string };

function repositoryOf(ctx: ServiceContext): Repository {
  const origin = ctx.config.publicOrigin ?? ctx.origin;
  const identifier = repositoryIdentifierOf(new URL(origin).hostname);
  return {
    name: ctx.config.oai.repositoryName,
    adminEmail: ctx.config.oai.adminEmail ?? `admin@${identifier}`,
    origin,
    identifier,
    baseUrl: `${origin}/oai`,
  };
}

/** Answer one OAI-PMH request (the arguments of a GET query or a POST form, every value of each). */
export async function answerOai(ctx: ServiceContext, args: ReadonlyMap<string, readonly string[]>): Promise<string> {
  const repository = repositoryOf(ctx);
  const now = ctx.now();
  const parsed = parseOaiRequest(args);
  const request = element("request", parsed.echo, escapeXml(repository.baseUrl));
  const body = parsed.ok ? await answer(ctx, repository, parsed.request, now) : errorElement(parsed.error);
  return envelope(now, request, body);
}

function envelope(now: Date, request: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    element(
      "OAI-PMH",
      { xmlns: OAI_NAMESPACE, "xmlns:xsi": XSI, "xsi:schemaLocation": `${OAI_NAMESPACE} ${OAI_SCHEMA}` },
      textElement("responseDate", toDatestamp(now)),
      request,
      body,
    )
  );
}

const errorElement = (error: OaiError) => textElement("error", error.message, { code: error.code });

async function answer(ctx: ServiceContext, repository: Repository, request: OaiRequest, now: Date): Promise<string> {
  switch (request.verb) {
    case "Identify":
      return identify(ctx, repository, now);
    case "ListMetadataFormats":
      return listMetadataFormats(ctx, repository, request.identifier);
    case "ListSets":
      return request.resumptionToken !== null
        ? errorElement({ code: "badResumptionToken", message: "This repository lists every set in one answer: there is no resumption token to follow." })
        : listSets(ctx);
    case "GetRecord":
      return getRecord(ctx, repository, request.identifier);
    case "ListIdentifiers":
    case "ListRecords":
      return list(ctx, repository, request, now);
  }
}

async function identify(ctx: ServiceContext, repository: Repository, now: Date): Promise<string> {
  const earliest = (await earliestDatestamp(ctx)) ?? toDatestamp(now);
  const sample = oaiIdentifierOf(repository.identifier, "5f0c8a3e-2b7d-4c1a-9e6f-0123456789ab");
  return element(
    "Identify",
    null,
    textElement("repositoryName", repository.name),
    textElement("baseURL", repository.baseUrl),
    textElement("protocolVersion", "2.0"),
    textElement("adminEmail", repository.adminEmail),
    textElement("earliestDatestamp", earliest),
    textElement("deletedRecord", "persistent"),
    textElement("granularity", "YYYY-MM-DDThh:mm:ssZ"),
    element(
      "description",
      null,
      element(
        "oai-identifier",
        { xmlns: OAI_IDENTIFIER_NAMESPACE, "xsi:schemaLocation": `${OAI_IDENTIFIER_NAMESPACE} ${OAI_IDENTIFIER_SCHEMA}` },
        textElement("scheme", "oai"),
        textElement("repositoryIdentifier", repository.identifier),
        textElement("delimiter", ":"),
        textElement("sampleIdentifier", sample),
      ),
    ),
  );
}

const OAI_DC_FORMAT = element(
  "metadataFormat",
  null,
  textElement("metadataPrefix", OAI_DC.prefix),
  textElement("schema", OAI_DC.schema),
  textElement("metadataNamespace", OAI_DC.namespace),
);

/** Every record (deleted ones too) is disseminated in oai_dc; an identifier this repository never had does not exist. */
async function listMetadataFormats(ctx: ServiceContext, repository: Repository, identifier: string | null): Promise<string> {
  if (identifier !== null && !(await findRecord(ctx, repository, identifier))) return idDoesNotExist(identifier);
  return element("ListMetadataFormats", null, OAI_DC_FORMAT);
}

const idDoesNotExist = (identifier: string) => errorElement({ code: "idDoesNotExist", message: `No record has the identifier ${identifier}.` });

async function findRecord(ctx: ServiceContext, repository: Repository, identifier: string): Promise<OaiRecordRow | undefined> {
  const uuid = uuidOfOaiIdentifier(repository.identifier, identifier);
  return uuid ? recordByUuid(ctx, uuid) : undefined;
}

async function listSets(ctx: ServiceContext): Promise<string> {
  const { categories, units } = await setNames(ctx);
  const set = (spec: string, name: string) => element("set", null, textElement("setSpec", spec), textElement("setName", name));
  return element(
    "ListSets",
    null,
    set("category", "Kategori"),
    ...categories.map((category) => set(setSpecOf("category", category.id), `Kategori: ${category.name}`)),
    set("unit", "Unit Kerja"),
    ...units.map((unit) => set(setSpecOf("unit", unit.id), `Unit Kerja: ${unit.name}`)),
  );
}

async function getRecord(ctx: ServiceContext, repository: Repository, identifier: string): Promise<string> {
  const record = await findRecord(ctx, repository, identifier);
  if (!record) return idDoesNotExist(identifier);
  return element("GetRecord", null, recordElement(ctx, repository, record));
}

/** A record is deleted unless its document is live and PUBLIC right now. */
const isPublic = (record: OaiRecordRow): record is OaiRecordRow & PublicRecord => record.deleted === 0 && record.document_uuid !== null;

function headerElement(repository: Repository, record: OaiRecordRow): string {
  return element(
    "header",
    isPublic(record) ? null : { status: "deleted" },
    textElement("identifier", oaiIdentifierOf(repository.identifier, record.uuid)),
    textElement("datestamp", record.datestamp),
    record.category_id !== null ? textElement("setSpec", setSpecOf("category", record.category_id)) : null,
    record.unit_kerja_id !== null ? textElement("setSpec", setSpecOf("unit", record.unit_kerja_id)) : null,
  );
}

function recordElement(ctx: ServiceContext, repository: Repository, record: OaiRecordRow): string {
  if (!isPublic(record)) return element("record", null, headerElement(repository, record));
  const fields = dublinCoreOf(record, {
    pageUrl: `${repository.origin}/documents/${record.uuid}`,
    downloadUrl: `${repository.origin}${documentFileUrl(record.uuid)}`,
    publisher: repository.name,
  });
  const dc = element(
    "oai_dc:dc",
    { "xmlns:oai_dc": OAI_DC.namespace, "xmlns:dc": DC_NAMESPACE, "xsi:schemaLocation": `${OAI_DC.namespace} ${OAI_DC.schema}` },
    ...fields.map((field) => textElement(`dc:${field.element}`, field.value, field.lang ? { "xml:lang": field.lang } : null)),
  );
  return element("record", null, headerElement(repository, record), element("metadata", null, dc));
}

type ListRequest = Extract<OaiRequest, { verb: "ListRecords" | "ListIdentifiers" }>;

/**
 * ListRecords / ListIdentifiers: one page in id order after the harvest's last record, and a
 * resumption token while more follow (an empty one on the last page of a list that had one).
 */
async function list(ctx: ServiceContext, repository: Repository, request: ListRequest, now: Date): Promise<string> {
  const secret = ctx.config.sessionSecret;
  let state: Omit<ResumptionState, "expiresAt">;
  if (request.resumptionToken !== null) {
    const resumed = await decodeResumptionToken(secret, request.resumptionToken, request.verb, now);
    if (!resumed) return errorElement({ code: "badResumptionToken", message: "The resumption token is invalid or has expired." });
    state = resumed;
  } else {
    const selection: OaiSelection = request.selection;
    const set = selection.set === null ? null : parseSetSpec(selection.set);
    if (selection.set !== null && !set) return noRecordsMatch();
    state = { verb: request.verb, selection, afterId: 0, cursor: 0, completeListSize: await recordCount(ctx, selection, set) };
  }
  const set = state.selection.set === null ? null : parseSetSpec(state.selection.set);
  const rows = await recordPage(ctx, state.selection, set, state.afterId, OAI_PAGE_SIZE + 1);
  // A page of nothing (the rest of the list changed out of the selection meanwhile) cannot be
  // written as a list: the protocol's "no records" is the honest answer.
  if (rows.length === 0) return noRecordsMatch();
  const page = rows.slice(0, OAI_PAGE_SIZE);
  const more = rows.length > OAI_PAGE_SIZE;
  const resumed = request.resumptionToken !== null;
  let token: string | null = null;
  if (more || resumed) {
    const next: ResumptionState = {
      ...state,
      afterId: page.at(-1)!.id,
      cursor: state.cursor + page.length,
      expiresAt: tokenExpiry(now),
    };
    const attrs = more
      ? { expirationDate: toDatestamp(new Date(next.expiresAt)), completeListSize: state.completeListSize, cursor: state.cursor }
      : { completeListSize: Math.max(state.completeListSize, state.cursor + page.length), cursor: state.cursor };
    token = more ? textElement("resumptionToken", await encodeResumptionToken(secret, next), attrs) : element("resumptionToken", attrs);
  }
  const items = page.map((record) => (request.verb === "ListRecords" ? recordElement(ctx, repository, record) : headerElement(repository, record)));
  return element(request.verb, null, ...items, token);
}

const noRecordsMatch = () => errorElement({ code: "noRecordsMatch", message: "No record matches the arguments of this request." });
