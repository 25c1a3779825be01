/**
 * Stand-in for React Router's `virtual:react-router/server-build`, which only the Vite build
 * provides. The integration tests only call /api/v1/*, so no page is ever rendered; the body cap
 * still reads the (empty) route table to learn which page routes stream uploads.
 */
export const routes = {};
