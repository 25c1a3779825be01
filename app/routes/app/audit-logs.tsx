import { comingSoon } from "~/components/coming-soon";
import { t } from "~/i18n/id";

const screen = comingSoon(t.pages.auditLogs);
export const meta = screen.meta;
export default screen.Page;
