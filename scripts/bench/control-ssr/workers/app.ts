import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";

// As the app's Worker entry: the build loaded on the first request, one request handler per
// isolate (given the build, not a loader function, it derives its route tables once), a
// context provider per request.
let handler: RequestHandler | undefined;

export default {
  async fetch(request: Request) {
    handler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
    return handler(request, new RouterContextProvider());
  },
};
