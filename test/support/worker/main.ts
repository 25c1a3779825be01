/**
 * The integration tests' Worker: the page Worker (workers/app.ts) plus the processor Worker's
 * entrypoint, which the tests' PROCESSOR service binding reaches (see vitest.integration.config.ts).
 */
export { default } from "../../../workers/app";
export { Processor } from "../../../workers/processor";
