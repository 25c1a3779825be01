import { href } from "react-router";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { users as usersText } from "~/i18n/users";

const backToList = { to: href("/app/users"), label: usersText.backToList };

/** 'Pengguna tidak ditemukan.' (an unknown uuid) with a way back to the list. */
export function UserErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? usersText.notFound} message={null} back={backToList} /> }} />;
}
