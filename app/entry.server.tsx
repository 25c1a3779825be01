import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContextKey } from "~/server/context.server";
import { InlineStylesContext } from "~/components/inline-styles";
import appCss from "./app.css?inline";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestContextKey);
  let shellRendered = false;

  const body = await renderToReadableStream(
    <InlineStylesContext value={appCss}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </InlineStylesContext>,
    {
      nonce,
      // A Suspense boundary (a lazily loaded dialog) is written in place. By default React moves
      // a boundary found after 12.8 kB of markup to the end of the document, hidden, for an
      // inline script to reveal: a browser without JavaScript would never show it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while rendering the shell are reported by the rejected promise instead.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Every client gets the whole document at once: no loader defers data, so nothing is lost by
  // not streaming (see `progressiveChunkSize`).
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
