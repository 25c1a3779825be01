import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.notFound.title, description: t.notFound.text });

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
