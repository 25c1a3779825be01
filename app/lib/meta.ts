import { t } from "~/i18n/id";

/** Per-route metadata: title, description and robots (only public pages are indexable). */
export function pageMeta({ title, description, indexable = false }: { title: string; description?: string; indexable?: boolean }) {
  return [
    { title: title === t.appName ? title : `${title} | ${t.appName}` },
    { name: "description", content: description ?? t.meta.appDescription },
    { name: "robots", content: indexable ? "index, follow" : "noindex, nofollow" },
    { property: "og:title", content: title },
    { property: "og:site_name", content: t.appName },
  ];
}
