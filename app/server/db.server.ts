import { Kysely } from "kysely";
import { D1Dialect } from "kysely-d1";
import type { Database } from "./db-schema";

export type Db = Kysely<Database>;

const instances = new WeakMap<D1Database, Db>();

/** One Kysely instance per D1 binding (the binding object lives as long as the isolate). */
export function getDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = new Kysely<Database>({ dialect: new D1Dialect({ database: d1 }) });
    instances.set(d1, db);
  }
  return db;
}
