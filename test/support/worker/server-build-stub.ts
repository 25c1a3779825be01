/**
 * Stand-in for React Router's `virtual:react-router/server-build`, which only the Vite build
 * provides. workers/app.ts imports it lazily, on the first request that reaches React Router;
 * the integration tests only call /api/v1/*, so this module is never used, only resolved.
 */
export {};
