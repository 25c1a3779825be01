import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { admin as adminText } from "~/i18n/admin";

const backToList = { to: "/app/users", label: adminText.users.backToList };

/** 'Pengguna tidak ditemukan.' (an unknown uuid) with a way back to the list. */
export function UserErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? adminText.users.notFound} message={null} back={backToList} /> }} />;
}
