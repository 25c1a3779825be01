import { RESUMPTION_TOKEN_LIFETIME_MS, type OaiSelection } from "~/domain/oai";
import { base64url, hmacHex, timingSafeEqual } from "../crypto.server";

/**
 * Resumption tokens of ListRecords / ListIdentifiers: where a harvest stands, by keyset. A token
 * carries the harvest's selection, the id of the last record it delivered (records are walked in
 * id order, which no change moves, so a record is never met twice and none is skipped), how many
 * it delivered, the list's size when the harvest began, and its expiry; an HMAC under
 * SESSION_SECRET keeps it from being edited.
 */
export type ResumptionState = {
  verb: "ListRecords" | "ListIdentifiers";
  selection: OaiSelection;
  afterId: number;
  cursor: number;
  completeListSize: number;
  /** Epoch milliseconds. */
  expiresAt: number;
};

type Payload = { v: 1; b: "R" | "I"; m: string; f: string | null; u: string | null; s: string | null; a: number; c: number; n: number; e: number };

const SIGNATURE_HEX = 32;

export async function encodeResumptionToken(secret: string, state: ResumptionState): Promise<string> {
  const payload: Payload = {
    v: 1,
    b: state.verb === "ListRecords" ? "R" : "I",
    m: state.selection.metadataPrefix,
    f: state.selection.from,
    u: state.selection.until,
    s: state.selection.set,
    a: state.afterId,
    c: state.cursor,
    n: state.completeListSize,
    e: Math.floor(state.expiresAt / 1000),
  };
  const body = base64url(new TextEncoder().encode(JSON.stringify(payload)));
  return `${body}.${(await hmacHex(secret, `oai-resumption:${body}`)).slice(0, SIGNATURE_HEX)}`;
}

/** The state a token names, or null when it is not one of ours, was edited, is for another verb, or has expired. */
export async function decodeResumptionToken(secret: string, token: string, verb: ResumptionState["verb"], now: Date): Promise<ResumptionState | null> {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, body, signature] = match;
  if (!timingSafeEqual(signature!, (await hmacHex(secret, `oai-resumption:${body}`)).slice(0, SIGNATURE_HEX))) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(body!.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0))));
  } catch {
    return null;
  }
  if (payload.v !== 1 || payload.b !== (verb === "ListRecords" ? "R" : "I")) return null;
  const expiresAt = payload.e * 1000;
  if (expiresAt <= now.getTime()) return null;
  return {
    verb,
    selection: { metadataPrefix: payload.m, from: payload.f, until: payload.u, set: payload.s },
    afterId: payload.a,
    cursor: payload.c,
    completeListSize: payload.n,
    expiresAt,
  };
}

export const tokenExpiry = (now: Date) => now.getTime() + RESUMPTION_TOKEN_LIFETIME_MS;
