import { XMLParser } from "fast-xml-parser";

/**
 * A small OAI-PMH harvester, as a harvester outside this project walks the repository: it sends
 * a request, reads the XML, follows `resumptionToken` until an empty one (or none), and stops on
 * `noRecordsMatch`. Written here on fetch + fast-xml-parser because the `oai-pmh` npm package
 * does not load on Node 22, is GPL, and breaks on one-record pages (see the decision record).
 * Pure (the transport is passed in), so it runs in workerd and in Node alike.
 */

const ALWAYS_ARRAYS = new Set(["record", "header", "setSpec", "set", "metadataFormat", "error"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ALWAYS_ARRAYS.has(name) || name.startsWith("dc:"),
});

export type OaiText = string | { "#text": string; "@xml:lang"?: string };
export type OaiHeader = { "@status"?: "deleted"; identifier: string; datestamp: string; setSpec?: string[] };
export type OaiRecord = { header: OaiHeader[]; metadata?: { "oai_dc:dc": Record<string, OaiText[]> } };
export type ResumptionToken = string | { "#text"?: string; "@completeListSize"?: string; "@cursor"?: string; "@expirationDate"?: string };
export type OaiResponse = {
  responseDate: string;
  request: string | ({ "#text": string } & Record<string, string>);
  error?: { "@code": string; "#text"?: string }[];
  Identify?: Record<string, unknown>;
  ListMetadataFormats?: { metadataFormat: { metadataPrefix: string; schema: string; metadataNamespace: string }[] };
  ListSets?: { set: { setSpec: string[]; setName: string }[] };
  GetRecord?: { record: OaiRecord[] };
  ListRecords?: { record: OaiRecord[]; resumptionToken?: ResumptionToken };
  ListIdentifiers?: { header: OaiHeader[]; resumptionToken?: ResumptionToken };
};

export function parseOai(xml: string): OaiResponse {
  const document = parser.parse(xml) as { "OAI-PMH"?: OaiResponse };
  if (!document["OAI-PMH"]) throw new Error(`not an OAI-PMH response:\n${xml.slice(0, 500)}`);
  return document["OAI-PMH"];
}

/** The text of an element that may carry attributes. */
export const textOf = (value: OaiText | undefined): string => (typeof value === "string" ? value : (value?.["#text"] ?? ""));

export class OaiProtocolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** Sends one request (its arguments) and answers the response; GET or POST as the caller likes. */
export type OaiTransport = (args: Record<string, string>) => Promise<Response>;

export type HarvestPage = { items: (OaiRecord | OaiHeader)[]; token: { value: string; completeListSize: number | null; cursor: number | null } | null };

/**
 * Every page of a ListRecords / ListIdentifiers harvest, in order. `beforeNext` runs between
 * pages (a test changes the repository there, as other users would during a real harvest).
 */
export async function* harvestPages(
  send: OaiTransport,
  verb: "ListRecords" | "ListIdentifiers",
  args: Record<string, string>,
  options: { beforeNext?: (pageNumber: number) => Promise<void>; maxPages?: number } = {},
): AsyncGenerator<HarvestPage> {
  let request: Record<string, string> = { verb, ...args };
  for (let pageNumber = 1; pageNumber <= (options.maxPages ?? 10_000); pageNumber++) {
    const response = await send(request);
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    const oai = parseOai(await response.text());
    const error = oai.error?.[0];
    if (error) {
      if (error["@code"] === "noRecordsMatch") return;
      throw new OaiProtocolError(error["@code"], error["#text"] ?? "");
    }
    const list = verb === "ListRecords" ? oai.ListRecords : oai.ListIdentifiers;
    if (!list) throw new Error(`no ${verb} element in the response`);
    const items = verb === "ListRecords" ? (list as { record: OaiRecord[] }).record : (list as { header: OaiHeader[] }).header;
    const raw = list.resumptionToken;
    const value = typeof raw === "string" ? raw : (raw?.["#text"] ?? "");
    const attributes = typeof raw === "object" ? raw : undefined;
    const number = (text: string | undefined) => (text === undefined ? null : Number(text));
    yield {
      items,
      token: raw === undefined ? null : { value, completeListSize: number(attributes?.["@completeListSize"]), cursor: number(attributes?.["@cursor"]) },
    };
    // An absent or empty token ends the list.
    if (!value) return;
    await options.beforeNext?.(pageNumber);
    request = { verb, resumptionToken: value };
  }
  throw new Error("the harvest did not end");
}

/** Every record (or header) of a harvest. */
export async function harvest(
  send: OaiTransport,
  verb: "ListRecords" | "ListIdentifiers",
  args: Record<string, string>,
  options: Parameters<typeof harvestPages>[3] = {},
): Promise<(OaiRecord | OaiHeader)[]> {
  const items: (OaiRecord | OaiHeader)[] = [];
  for await (const page of harvestPages(send, verb, args, options)) items.push(...page.items);
  return items;
}

export const headerOf = (item: OaiRecord | OaiHeader): OaiHeader => ("header" in item ? item.header[0]! : item);
