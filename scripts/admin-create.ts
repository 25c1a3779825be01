/**
 * Create the first Super Admin — or reset one — without writing SQL by hand.
 *
 *   npm run admin:create -- --username rektorat.admin [--full-name "Admin Rektorat"] [--email a@b]
 *                           [--password-stdin | --generate] [--reset]
 *                           [--remote [--database e-arsip]] [--persist-to DIR]
 *
 * The input goes through the app's own rules (scripts/ops/app-rules.ts): the user schema of the
 * user form and the API, and PBKDF2 password hashing as at sign-in. The password is typed at a
 * prompt (twice, not echoed), read from stdin (`--password-stdin`, first line), or generated and
 * printed once (`--generate`, or an empty answer at the prompt, or no terminal). An existing
 * username is refused unless `--reset`: then its password is replaced, its role becomes Super
 * Admin and its sessions end. Each run writes an audit row (USER_CREATE or USER_UPDATE).
 *
 * Where: the local default (`.wrangler/state`, or `--persist-to DIR`) through wrangler's
 * platform proxy; the deployed database with `--remote`, through `wrangler d1 execute --remote`
 * (log in with `wrangler login` first; the database is the `DB` binding of wrangler.toml unless
 * `--database` names another).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { loadAppRules } from "./ops/load-app.ts";
import { localRunner, sqlLiteral, wranglerRunner, type SqlRunner } from "./ops/sql.ts";

const USAGE = `usage: npm run admin:create -- --username NAME [--full-name TEXT] [--email ADDRESS]
         [--password-stdin | --generate] [--reset] [--remote [--database NAME]] [--persist-to DIR]`;

/** Exit codes: 0 done, 1 failure, 2 refused input (validation, an existing user without --reset). */
class Refused extends Error {}

const { values: options } = parseArgs({
  options: {
    username: { type: "string" },
    "full-name": { type: "string" },
    email: { type: "string" },
    "password-stdin": { type: "boolean", default: false },
    generate: { type: "boolean", default: false },
    reset: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    database: { type: "string", default: "DB" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    // The CLI path against a local folder (what --remote runs), for tests.
    "via-wrangler": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

if (options.help || !options.username) {
  console.log(USAGE);
  process.exit(options.help ? 0 : 2);
}

async function main() {
  const rules = await loadAppRules();
  const generated = await passwordSource();
  const password = generated ?? (await readPassword());
  const parsed = rules.UserCreateSchema.safeParse({
    fullName: options["full-name"] ?? "Administrator E-Arsip",
    username: options.username,
    email: options.email ?? "",
    password,
    roleName: rules.ROLES.superAdmin,
  });
  if (!parsed.success) {
    throw new Refused(`Refused by the user rules:\n${parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n")}`);
  }
  const input = parsed.data;

  const runner: SqlRunner = options.remote
    ? wranglerRunner({ remote: true, database: options.database })
    : options["via-wrangler"]
      ? wranglerRunner({ remote: false, database: options.database, persistTo: options["persist-to"] })
      : await localRunner(options["persist-to"]);
  try {
    // One round trip (a `wrangler d1 execute` on the --remote path): the role, and the account if it exists.
    const [role, users] = (await runner
      .queryAll([
        `SELECT id FROM roles WHERE name = ${sqlLiteral(rules.ROLES.superAdmin)}`,
        `SELECT u.id, u.uuid, u.username, r.name AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.username = ${sqlLiteral(input.username)}`,
      ])
      .catch((error: unknown) => {
        throw new Error(
          `${runner.target} has no E-Arsip schema yet (${String(error).slice(0, 200)}). Apply the migrations first: ` +
            (options.remote ? "npx wrangler d1 migrations apply DB --remote" : "npm run db:migrate:local"),
        );
      })) as [{ id: number }[], { id: number; uuid: string; username: string; role: string }[]];
    if (!role[0]) throw new Error(`${runner.target} has no 'Super Admin' role: is this the E-Arsip database?`);
    const existing = users[0];
    if (existing && !options.reset) {
      throw new Refused(`User "${existing.username}" already exists (${existing.role}). Pass --reset to set a new password and make it Super Admin.`);
    }

    const hash = await rules.hashPassword(input.password);
    const now = new Date().toISOString();
    const audit = (action: "USER_CREATE" | "USER_UPDATE", message: string, uuid: string, details: Record<string, unknown>) =>
      `INSERT INTO audit_logs (created_at, action, message, details, actor_id, target_type, target_id, ip_address, user_agent) VALUES (${[
        now,
        action,
        message,
        JSON.stringify({ ...details, via: "admin:create" }),
        null,
        "user",
        uuid,
        null,
        "npm run admin:create",
      ]
        .map(sqlLiteral)
        .join(", ")})`;

    if (!existing) {
      const uuid = randomUUID();
      await runner.batch([
        `INSERT INTO users (uuid, full_name, username, email, password_hash, password_salt, password_iterations, role_id, unit_kerja_id, created_at, updated_at) VALUES (${[
          uuid,
          input.fullName,
          input.username,
          input.email ?? null,
          hash.hash,
          hash.salt,
          hash.iterations,
          role[0].id,
          null,
          now,
          now,
        ]
          .map(sqlLiteral)
          .join(", ")})`,
        audit("USER_CREATE", rules.auditMessages.USER_CREATE({ username: input.username, roleName: input.roleName }), uuid, {
          username: input.username,
          roleName: input.roleName,
          unitKerjaId: null,
        }),
      ]);
      console.log(`Created Super Admin "${input.username}" in ${runner.target}.`);
    } else {
      const changed = ["password", ...(existing.role === rules.ROLES.superAdmin ? [] : ["roleName"])];
      await runner.batch([
        `UPDATE users SET password_hash = ${sqlLiteral(hash.hash)}, password_salt = ${sqlLiteral(hash.salt)}, password_iterations = ${sqlLiteral(hash.iterations)}, role_id = ${sqlLiteral(role[0].id)}, unit_kerja_id = NULL, updated_at = ${sqlLiteral(now)} WHERE id = ${sqlLiteral(existing.id)}`,
        // A reset ends every session of the account, as a password change in the app does.
        `UPDATE sessions SET revoked_at = ${sqlLiteral(now)} WHERE user_id = ${sqlLiteral(existing.id)} AND revoked_at IS NULL`,
        audit("USER_UPDATE", rules.auditMessages.USER_UPDATE({ username: existing.username, changed }), existing.uuid, {
          changed,
          ...(changed.includes("roleName") ? { roleFrom: existing.role, roleTo: rules.ROLES.superAdmin } : {}),
          sessionsEnded: true,
        }),
      ]);
      console.log(`Reset "${existing.username}" in ${runner.target}: new password, role Super Admin, sessions ended.`);
    }
    if (generated) console.log(`Password (shown once, store it now): ${generated}`);
  } finally {
    await runner.close();
  }
}

/** A generated password when asked for one (or when there is no terminal to ask), else null. */
async function passwordSource(): Promise<string | null> {
  if (options.generate && options["password-stdin"]) throw new Refused("Use either --generate or --password-stdin.");
  if (options.generate || (!options["password-stdin"] && !process.stdin.isTTY)) return generatePassword();
  return null;
}

/** 24 characters of base64url: 144 random bits. */
const generatePassword = () => randomBytes(18).toString("base64url");

async function readPassword(): Promise<string> {
  if (options["password-stdin"]) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? "";
  }
  const first = await prompt("Password (empty: generate one): ");
  if (first === "") {
    const generated = generatePassword();
    console.log(`Password (shown once, store it now): ${generated}`);
    return generated;
  }
  if ((await prompt("Password again: ")) !== first) throw new Refused("The passwords differ.");
  return first;
}

/** One line from the terminal, not echoed. */
function prompt(question: string): Promise<string> {
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const reader = createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve) => {
    reader.question("", (answer) => {
      reader.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

try {
  await main();
} catch (error) {
  if (error instanceof Refused) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
