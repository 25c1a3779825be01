/**
 * Dates in the product's formats, Indonesian month names, Jakarta time, assembled from
 * Intl parts (id-ID would otherwise write "pukul 13.30").
 */
type Pattern = "DD MMMM YYYY" | "DD MMMM YYYY HH:mm" | "DD MMMM YYYY HH:mm:ss" | "DD MMM YYYY HH:mm";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(month: "long" | "short") {
  let f = formatters.get(month);
  if (!f) {
    f = new Intl.DateTimeFormat("id-ID", {
      timeZone: "Asia/Jakarta",
      day: "2-digit",
      month,
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(month, f);
  }
  return f;
}

export function formatDate(iso: string | null | undefined, pattern: Pattern = "DD MMMM YYYY HH:mm:ss"): string {
  if (!iso) return "-";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  const parts = Object.fromEntries(
    formatter(pattern.includes("MMMM") ? "long" : "short")
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.day} ${String(parts.month).replace(/\.$/, "")} ${parts.year}`;
  if (pattern === "DD MMMM YYYY") return day;
  const time = pattern.endsWith(":ss") ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
  return `${day} ${time}`;
}

// Built once: toLocaleString() would construct a new formatter on every call.
const kbFormat = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 2 });
export const formatKb = (kb: number) => kbFormat.format(kb);

/** A byte count for people: "19,53 KB", "12,5 MB", "1,2 GB" (10^3 multiples, as disks are sold). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${kbFormat.format(bytes / 1e9)} GB`;
  if (bytes >= 1e6) return `${kbFormat.format(bytes / 1e6)} MB`;
  return `${kbFormat.format(bytes / 1e3)} KB`;
}

/** Keywords as chips: the comma-separated list, trimmed, empties dropped. */
export const keywordList = (keywords: string | null | undefined) =>
  (keywords ?? "").split(",").map((word) => word.trim()).filter(Boolean);
