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

const MONTHS_LONG = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"];
const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];
/** Jakarta has kept UTC+7, without daylight saving, since 1964. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const SINCE_FIXED_OFFSET = Date.UTC(1964, 0, 1);
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatDate(iso: string | null | undefined, pattern: Pattern = "DD MMMM YYYY HH:mm:ss"): string {
  if (!iso) return "-";
  const date = new Date(iso);
  const time = date.getTime();
  if (Number.isNaN(time)) return "-";
  const long = pattern.includes("MMMM");
  let parts: { day: string; month: string; year: string; hour: string; minute: string; second: string };
  if (time >= SINCE_FIXED_OFFSET) {
    // A list renders a date per row: plain arithmetic instead of Intl's formatToParts.
    const local = new Date(time + JAKARTA_OFFSET_MS);
    const month = local.getUTCMonth();
    parts = {
      day: two(local.getUTCDate()),
      month: (long ? MONTHS_LONG : MONTHS_SHORT)[month]!,
      year: String(local.getUTCFullYear()),
      hour: two(local.getUTCHours()),
      minute: two(local.getUTCMinutes()),
      second: two(local.getUTCSeconds()),
    };
  } else {
    const named = Object.fromEntries(
      formatter(long ? "long" : "short")
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
    parts = { day: named.day, month: String(named.month).replace(/\.$/, ""), year: named.year, hour: named.hour, minute: named.minute, second: named.second };
  }
  const day = `${parts.day} ${parts.month} ${parts.year}`;
  if (pattern === "DD MMMM YYYY") return day;
  const clock = pattern.endsWith(":ss") ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
  return `${day} ${clock}`;
}

/** A calendar date of the PPID's clock (YYYY-MM-DD, Asia/Jakarta) in Indonesian; "-" for none. */
export const formatJakartaDay = (date: string | null) => (date ? formatDate(`${date}T00:00:00+07:00`, "DD MMMM YYYY") : "-");

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
