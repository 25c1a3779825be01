import { describe, expect, it } from "vitest";
import { keysetPagination } from "~/components/list/page-links";
import { listPage } from "~/domain/list-query";
import { listText } from "~/i18n/list";

describe("a search's capped total in the list summary", () => {
  const query = { page: 1, size: 10 };
  const href = (change: { page: number }) => `/app/documents?page=${change.page}`;

  it("is marked capped and pages up to the cap; the summary reads 'lebih dari 1.000'", () => {
    const page = { ...listPage(Array.from({ length: 10 }, (_, index) => index), 1000, query), totalCapped: true };
    const props = keysetPagination(page, { first: null, last: null }, href);
    expect(props.totalCapped).toBe(true);
    expect(props.position).toBe("1 / 100");
    expect(listText.showing(1, 10, listText.moreThan("1.000"))).toBe("Showing 1–10 of lebih dari 1.000 entries");
  });

  it("an exact total is not marked", () => {
    const props = keysetPagination({ ...listPage([1, 2], 2, query), totalCapped: false }, { first: null, last: null }, href);
    expect(props.totalCapped).toBeUndefined();
  });
});
