/**
 * How many e2e test files run at once. The global setup starts one server (with its own database)
 * per worker, so a file that counts what a list shows never sees another file's documents arrive.
 */
export const E2E_WORKERS = 2;
