import { useNavigate } from "react-router";
import { t } from "~/i18n/id";
import { buttonClass } from "./buttons";
import { AppLink } from "~/components/app-link";

/** Back (history -1) with JavaScript; without it, a link to `fallback`. */
export function BackLink({ fallback, label = t.back }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <AppLink
      to={fallback}
      className={`${buttonClass.secondary} mb-4`}
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      ← {label}
    </AppLink>
  );
}
