import { createRequestHandler, RouterContextProvider } from "react-router";

// As the app's Worker entry: one request handler per isolate, a context provider per request.
const handleReactRouter = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  fetch: (request: Request) => handleReactRouter(request, new RouterContextProvider()),
};
