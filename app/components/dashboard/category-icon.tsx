/**
 * One inline SVG icon per known category name (photo, audio, decree, correspondence,
 * accreditation certificate, guidelines, activity report, SOP) and a folder for any other.
 * Drawn as 24x24 strokes in currentColor; decorative (the card text names the category).
 */
const ICONS: Record<string, React.ReactNode> = {
  foto: (
    <>
      <path d="M3 8a2 2 0 0 1 2-2h2l2-2h6l2 2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      <circle cx="12" cy="13" r="4" />
    </>
  ),
  audio: (
    <>
      <path d="M9 18V5l12-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
    </>
  ),
  "surat keputusan": (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6" />
      <path d="m9 15 2 2 4-4" />
    </>
  ),
  "surat/korespondensi": (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  "sertifikat akreditasi": (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="m8.5 14-1.5 7 5-3 5 3-1.5-7" />
    </>
  ),
  pedoman: (
    <>
      <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z" />
      <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
    </>
  ),
  "laporan kegiatan": (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="M9 17v-3M12 17v-6M15 17v-4" />
    </>
  ),
  sop: (
    <>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="m3 6 1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17" />
    </>
  ),
};

const DEFAULT_ICON = <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />;

/** The icon's key for a category name (exposed for tests through a data attribute). */
export const categoryIconKey = (categoryName: string) => {
  const key = categoryName.trim().toLowerCase();
  return key in ICONS ? key : "default";
};

export function CategoryIcon({ categoryName, className = "h-8 w-8" }: { categoryName: string; className?: string }) {
  const key = categoryIconKey(categoryName);
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-icon={key}
    >
      {ICONS[key] ?? DEFAULT_ICON}
    </svg>
  );
}
