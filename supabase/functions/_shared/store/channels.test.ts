import {
  CHANNELS,
  DELIVERY_CHANNELS,
  DELIVERY_EVENTS,
  DELIVERY_STATUSES,
  OPT_OUT_CHANNELS,
  OPT_OUT_CHECKED_CHANNELS,
  TEAM_CHANNELS,
} from "./channels.ts";
import { openTestStore, type TestStore } from "./lead-test-kit.ts";
import { LANGUAGES } from "../contract/language.ts";
import { LEAD_STATUSES } from "./rows.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

let store: TestStore;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

/**
 * The values the migrations' check constraint on `table.column` allows, read back from the
 * database as PostgreSQL prints it: CHECK ((column = ANY (ARRAY['a'::text, 'b'::text]))).
 */
async function allowedValues(table: string, column: string): Promise<string[]> {
  const rows = await store.query(
    `select pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.conrelid = $1::regclass and c.contype = 'c' and a.attname = $2`,
    [table, column],
  );
  expect(rows).toHaveLength(1);
  const definition = String(rows[0]!.definition);
  const list = new RegExp(`^CHECK \\(\\(${column} = ANY \\(ARRAY\\[(.*)\\]\\)\\)\\)$`).exec(
    definition,
  );
  if (!list) throw new Error(`${table}.${column}'s check is not a list of values: ${definition}`);
  const items = list[1]!.split(", ");
  return items.map((item) => {
    const value = /^'((?:[^']|'')*)'::text$/.exec(item);
    if (!value) throw new Error(`${table}.${column}'s check has a value that is no text: ${item}`);
    return value[1]!.replaceAll("''", "'");
  });
}

const sorted = (values: readonly string[]) => [...values].sort();

describe("the migrations' check constraints hold the lists the code has", () => {
  it.each<[string, string, readonly string[]]>([
    ["public.lead_deliveries", "channel", DELIVERY_CHANNELS],
    ["public.lead_deliveries", "event", DELIVERY_EVENTS],
    ["public.lead_deliveries", "status", DELIVERY_STATUSES],
    ["public.contact_opt_outs", "channel", OPT_OUT_CHANNELS],
    ["public.lead_status_changes", "status", LEAD_STATUSES],
    ["public.leads", "language", LANGUAGES],
  ])("%s.%s", async (table, column, list) => {
    expect(sorted(await allowedValues(table, column))).toEqual(sorted(list));
  });
});

describe("the lists derived from CHANNELS", () => {
  it("the team's own channels, which may go out while the store is down, are its e-mail, its texts and the webhook", () => {
    expect(sorted(TEAM_CHANNELS)).toEqual(["team_email", "team_sms", "webhook"]);
  });

  it("Meta's event and the homeowner's confirmations are the channels an opt-out stops, each by its own", () => {
    expect(sorted(OPT_OUT_CHECKED_CHANNELS)).toEqual(["confirm_email", "confirm_sms", "meta"]);
    expect(
      Object.fromEntries(
        OPT_OUT_CHECKED_CHANNELS.map((channel) => [channel, CHANNELS[channel].optOut]),
      ),
    ).toEqual({ meta: "sharing", confirm_email: "email", confirm_sms: "texts" });
  });
});
