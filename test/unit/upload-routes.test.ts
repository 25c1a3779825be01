import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyRuleOf, buildRouteTable, rawBodyUpTo, streamedUpload } from "../../workers/upload-routes";
import { bodyLimitHandle, streamsUploadHandle } from "~/routes/helpers/upload-handle";

/**
 * Routes declare what they take as a body where they are declared: a streamed file upload, or a
 * cap of their own for a body read whole (the classification CSV), never a list of paths.
 */
describe("the body rules routes declare", () => {
  const api = new Hono()
    .post("/archives", streamedUpload, (c) => c.text("ok"))
    .post("/users", (c) => c.text("ok"))
    .put("/imports/uploads/:id/parts/:n", rawBodyUpTo(6 * 1024 * 1024), (c) => c.text("ok"));
  const build = {
    routes: {
      app: { id: "app", path: "app", parentId: undefined, module: {} },
      create: { id: "create", path: "documents/create", parentId: "app", module: { handle: streamsUploadHandle } },
      import: { id: "import", path: "klasifikasi/import", parentId: "app", module: { handle: bodyLimitHandle(2 * 1024 * 1024) } },
    },
  } as never;
  const table = buildRouteTable(api, "/api/v1", build);
  const post = (path: string, contentType = "multipart/form-data; boundary=x") =>
    new Request(`http://earsip.test${path}`, { method: "POST", headers: { "content-type": contentType }, body: "x" });

  it("a file upload streams only as multipart; a declared cap holds for any body; others get none", () => {
    expect(bodyRuleOf(post("/api/v1/archives"), table)).toEqual({ stream: true });
    expect(bodyRuleOf(post("/api/v1/archives", "application/json"), table)).toBeNull();
    expect(bodyRuleOf(post("/app/documents/create"), table)).toEqual({ stream: true });
    expect(bodyRuleOf(post("/app/klasifikasi/import"), table)).toEqual({ maxBytes: 2 * 1024 * 1024 });
    expect(bodyRuleOf(post("/app/klasifikasi/import.data", "application/x-www-form-urlencoded"), table)).toEqual({ maxBytes: 2 * 1024 * 1024 });
    expect(bodyRuleOf(post("/api/v1/users"), table)).toBeNull();
    const part = new Request("http://earsip.test/api/v1/imports/uploads/u1/parts/2", { method: "PUT", headers: { "content-type": "application/octet-stream" }, body: "x" });
    expect(bodyRuleOf(part, table)).toEqual({ maxBytes: 6 * 1024 * 1024 });
    expect(bodyRuleOf(post("/app/klasifikasi/%69mport"), table)).toBeNull();
  });
});
