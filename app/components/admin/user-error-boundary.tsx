import { href } from "react-router";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { userDetail } from "~/i18n/user-detail";

const backToList = { to: href("/app/users"), label: userDetail.backToList };

/** 'Pengguna tidak ditemukan.' (an unknown uuid) with a way back to the list. */
export function UserErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? userDetail.notFound} message={null} back={backToList} /> }} />;
}
