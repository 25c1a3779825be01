import type { Processor } from "../../workers/processor";

/** The processor Worker's methods behind the `PROCESSOR` service binding (RPC). */
export const processorOf = (env: Pick<Env, "PROCESSOR">) => env.PROCESSOR as unknown as Service<Processor>;
