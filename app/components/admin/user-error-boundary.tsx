import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { t } from "~/i18n/id";

const backToList = { to: "/app/users", label: t.admin.users.backToList };

/** 'Pengguna tidak ditemukan.' (an unknown uuid) with a way back to the list. */
export function UserErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? t.admin.users.notFound} message={null} back={backToList} /> }} />;
}
