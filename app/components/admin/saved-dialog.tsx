import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { lazyComponent } from "~/components/lazy-component";

/** Shown once, after a save: its code loads then, not with the form. */
const Dialog = lazyComponent(() => import("~/components/dialog").then((module) => module.Dialog));

/**
 * The success dialog after a save, addressed by `?saved=1` (so it shows without JavaScript).
 * It renders once: with JavaScript the flag is dropped from the URL at once (history replaced),
 * so Back or a reload does not show it again. Its one action goes back to the list.
 */
export function SavedDialog({ saved, title, message, listHref, listLabel }: { saved: boolean; title: string; message: string; listHref: string; listLabel: string }) {
  const [open, setOpen] = useState(saved);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!saved) return;
    setOpen(true);
    const params = new URLSearchParams(location.search);
    params.delete("saved");
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [saved, location.pathname, location.search, navigate]);
  if (!open) return null;
  return (
    <Dialog title={title} status="success" closeTo={listHref} closeLabel={listLabel} testId="success-dialog">
      {message}
    </Dialog>
  );
}
