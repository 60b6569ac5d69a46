// `npm run user:add -- --admin NAME | --member NAME [--reset-password]`: adds an account (or sets a
// new password) in the SQLite file under RAG_DATA_DIR. The password comes from a prompt that does not
// echo, or from the first line of standard input when it is piped.
import { passwordSchema, type Role, userNameSchema } from "@audited-rag/core";
import { AccountStore, MetadataStore } from "@audited-rag/rag";
import { AccountService } from "./auth/account-service";
import { ConfigError, parseConfig } from "./config";

const usage =
  "usage: npm run user:add -- --admin NAME | --member NAME [--reset-password]\n" +
  "       the password is asked for (not shown), or read from the first line of piped standard input";

interface Arguments {
  role: Role;
  name: string;
  resetPassword: boolean;
}

function parseArguments(argv: string[]): Arguments | string {
  let role: Role | undefined;
  let name: string | undefined;
  let resetPassword = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === "--admin" || argument === "--member") {
      if (role) return "give one of --admin NAME or --member NAME";
      role = argument === "--admin" ? "admin" : "member";
      name = argv[++index];
    } else if (argument === "--reset-password") {
      resetPassword = true;
    } else {
      return `unknown argument ${JSON.stringify(argument)}`;
    }
  }
  if (!role || !name) return "give --admin NAME or --member NAME";
  const parsedName = userNameSchema.safeParse(name);
  if (!parsedName.success)
    return `the name ${JSON.stringify(name)} is not allowed: ${parsedName.error.issues[0]?.message}`;
  return { role, name: parsedName.data, resetPassword };
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve, reject) => {
    let value: string[] = [];
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") {
          finish();
          resolve(value.join(""));
          return;
        }
        if (character === "\u0003" || character === "\u0004") {
          finish();
          reject(new Error("cancelled"));
          return;
        }
        if (character === "\u007f" || character === "\b") value = value.slice(0, -1);
        else if (character >= " ") value.push(character);
      }
    };
    input.on("data", onData);
  });
}

async function readPipedLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n") || text.length > 4096) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const first = await promptHidden("Password (at least 10 characters): ");
  const second = await promptHidden("The same password again: ");
  if (first !== second) throw new Error("The two passwords differ; nothing was changed.");
  return first;
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === "string") {
    console.error(`${parsed}\n${usage}`);
    return 2;
  }
  const config = parseConfig(process.env);
  const password = passwordSchema.safeParse(await readPassword());
  if (!password.success) {
    console.error(`The password is not accepted: ${password.error.issues[0]?.message}; nothing was changed.`);
    return 1;
  }
  const store = MetadataStore.open(config.dataDir);
  try {
    const accountStore = new AccountStore(store.database);
    const accounts = new AccountService(accountStore, { sessionMs: config.auth.sessionMs });
    const existing = accountStore.findUserByName(parsed.name);
    if (parsed.resetPassword) {
      if (!existing) {
        console.error(`No user named ${parsed.name}; leave out --reset-password to add one.`);
        return 1;
      }
      await accounts.setPassword(existing.id, password.data);
      console.log(`Set a new password for ${existing.name} in ${config.dataDir}.`);
      return 0;
    }
    if (existing) {
      console.error(`A user named ${existing.name} already exists; add --reset-password to set a new password.`);
      return 1;
    }
    const user = await accounts.createUser({ name: parsed.name, password: password.data, role: parsed.role });
    console.log(`Added ${user.role} ${user.name} in ${config.dataDir}.`);
    return 0;
  } finally {
    store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
