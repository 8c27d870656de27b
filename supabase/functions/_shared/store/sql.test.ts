import { z } from "zod";

import { deliveryRow, leadRow, packed, statusChange } from "./row-schemas.ts";
import { leadRowFixture } from "./lead-test-kit.ts";
import { readRows, runner, statement, type Params, type Query } from "./sql.ts";

describe("statement", () => {
  it("numbers the parameters by name in order of first use, one placeholder per name", () => {
    const find = statement(
      z.object({ id: z.string() }),
      (param: Params<{ lead_id: string | null; limit: number }>) =>
        `select id from t where (${param.lead_id}::uuid is null or lead_id = ${param.lead_id}::uuid) limit ${param.limit}`,
    );
    expect(find.text).toBe(
      "select id from t where ($1::uuid is null or lead_id = $1::uuid) limit $2",
    );
    expect(find.bind({ limit: 5, lead_id: null })).toEqual([null, 5]);
  });

  it("runs through any Query and reads each row by the statement's schema", async () => {
    const calls: [string, unknown[] | undefined][] = [];
    const query: Query = async (text, params) => {
      calls.push([text, params]);
      return [{ hits: "3", extra: true }];
    };
    const count = statement(
      z.object({ hits: z.coerce.number() }),
      (param: Params<{ key: string }>) => `select hits from t where key = ${param.key}`,
    );
    expect(await runner(query)(count, { key: "a" })).toEqual([{ hits: 3 }]);
    expect(calls).toEqual([["select hits from t where key = $1", ["a"]]]);
  });
});

describe("the rows as read", () => {
  it("reads a lead from postgres.js, PGlite or to_jsonb alike: times as ISO strings", () => {
    const lead = leadRowFixture({ touched_at: "2026-11-23T14:00:00.000Z" });
    const fromDriver = {
      ...lead,
      created_at: new Date(lead.created_at),
      touched_at: new Date("2026-11-23T14:00:00.000Z"),
    };
    const fromJson = JSON.stringify({
      ...lead,
      created_at: "2026-11-21T19:08:23.759123+00:00",
      touched_at: "2026-11-23T14:00:00+00:00",
      // A column the type does not name is left out.
      phone_key: null,
    });
    expect(readRows(leadRow, [fromDriver], "select")).toEqual([lead]);
    expect(readRows(packed(leadRow), [fromJson], "select to_jsonb(l)")).toEqual([lead]);
  });

  it("reads bigint ids and numeric values as numbers, as postgres.js gives them in text", () => {
    const [change] = readRows(
      statusChange,
      [
        {
          id: "9007199254740",
          lead_id: "l",
          status: "closed",
          value: "182500.50",
          currency: "USD",
          note: null,
          changed_at: new Date("2026-11-28T10:00:00Z"),
        },
      ],
      "select",
    );
    expect(change).toEqual({
      id: 9007199254740,
      lead_id: "l",
      status: "closed",
      value: 182500.5,
      currency: "USD",
      note: null,
      changed_at: "2026-11-28T10:00:00.000Z",
    });
  });

  it("throws on a row that is not its type, naming the statement and the column", () => {
    expect(() =>
      readRows(
        deliveryRow,
        [{ id: "x", channel: "fax" }],
        "select *\n  from public.lead_deliveries",
      ),
    ).toThrow(/"select \* from public\.lead_deliveries…"[\s\S]*channel/);
  });
});
