import { createRequestHandler, RouterContextProvider, type RequestHandler, type ServerBuild } from "react-router";

// As the app's Worker entry: the build loaded on the first request, one request handler per
// isolate (given the build, not a loader function, it derives its route tables once), a
// context provider per request. Built with the app's route table (control (a''')), it matches
// routes as the app's Worker does (`workers/route-matching.ts`).
let handler: RequestHandler | undefined;

async function serverBuild(): Promise<ServerBuild> {
  const build = await import("virtual:react-router/server-build");
  if (!__APP_ROUTE_TABLE__) return build;
  const { withRoutePatternMatching } = await import("../../../../workers/route-matching");
  return withRoutePatternMatching(build);
}

export default {
  async fetch(request: Request) {
    handler ??= createRequestHandler(await serverBuild(), import.meta.env.MODE);
    return handler(request, new RouterContextProvider());
  },
};
