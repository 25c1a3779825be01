/**
 * Which link clicks open or close a dialog in the page (no server round trip with JavaScript):
 * only those that change the dialog's own parameters of the same page.
 */
import { describe, expect, it } from "vitest";
import { isDialogChange } from "~/lib/dialog-params";

const url = (path: string) => new URL(path, "https://arsip.example.ac.id");

describe("isDialogChange", () => {
  it.each([
    ["/app/documents/abc", "/app/documents/abc?dialog=delete"],
    ["/app/documents/abc?dialog=delete", "/app/documents/abc"],
    ["/app/trash?q=surat&page=2", "/app/trash?q=surat&page=2&dialog=purge&uuid=u1"],
    ["/app/trash?dialog=purge&uuid=u1", "/app/trash?dialog=purge&uuid=u2"],
    ["/app/users?sort=username&dialog=delete&user=u1", "/app/users?sort=username"],
    ["/app/access-request?box=sent", "/app/access-request?box=sent&respond=r1&action=accept"],
    ["/app/access-request?revoke=r1", "/app/access-request"],
    // The list's own parameters in another order are the same list.
    ["/app/trash?page=2&q=surat", "/app/trash?q=surat&page=2&dialog=purge&uuid=u1"],
  ])("%s → %s opens or closes a dialog", (from, to) => {
    expect(isDialogChange(url(from), url(to))).toBe(true);
  });

  it.each([
    // Another page, or the same page with other data: the server answers.
    ["/app/documents", "/app/documents/abc?dialog=delete"],
    ["/app/trash?dialog=purge&uuid=u1", "/app/trash?page=2"],
    ["/app/trash", "/app/trash?q=surat"],
    ["/app/users/create?saved=1", "/app/users/create"],
    // The same URL again is a reload, not a dialog.
    ["/app/trash?dialog=purge&uuid=u1", "/app/trash?dialog=purge&uuid=u1"],
    // A row parameter alone opens nothing.
    ["/app/audit-logs", "/app/audit-logs?user=u1"],
  ])("%s → %s is a navigation", (from, to) => {
    expect(isDialogChange(url(from), url(to))).toBe(false);
  });

  it("never treats another origin as the page", () => {
    expect(isDialogChange(url("/app/trash"), new URL("https://elsewhere.example/app/trash?dialog=purge&uuid=u1"))).toBe(false);
  });
});
