import { testEnv } from "./env";

/**
 * Validate `xml` against a vendored schema with Debian's xmllint, which the integration config
 * runs in Node (a service binding): the problems it reports, none for a valid document.
 */
export async function schemaProblems(xml: string, schema: "ead" | "oai"): Promise<string[]> {
  const response = await testEnv.XMLLINT.fetch(`http://xmllint/?schema=${schema}`, { method: "POST", body: xml });
  if (!response.ok) throw new Error(`xmllint: ${response.status} ${await response.text()}`);
  const { problems } = (await response.json()) as { valid: boolean; problems: string[] };
  return problems;
}
