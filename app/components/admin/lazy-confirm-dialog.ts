import { lazyComponent } from "~/components/lazy-component";

/**
 * The confirmation dialog of a list or record page opens only when its URL asks (`?dialog=…`,
 * a plain link the server answers with the dialog already rendered): its code, and the
 * dialog's, load then instead of with every view of the page.
 */
export const ConfirmDialog = lazyComponent(() => import("./confirm-dialog").then((module) => module.ConfirmDialog));
export const DeleteDialog = lazyComponent(() => import("./confirm-dialog").then((module) => module.DeleteDialog));
