/** A generated file (CSV, XML, PDF) as a private download, named for the browser. */
export function downloadResponse(body: BodyInit, contentType: string, fileName: string): Response {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]+/g, "-");
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
