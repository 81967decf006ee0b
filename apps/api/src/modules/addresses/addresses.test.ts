import { MAX_COMPANY_ADDRESSES, MAX_CUSTOMER_ADDRESSES, type SavedAddress } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { refusedFields } from "../../testing/error-answers";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { customers } from "../identity/identity.tables";
import { findOrCreateCompany } from "../identity/identity.repository";
import { createInvite } from "../identity/registration.service";
import { savedAddresses } from "./addresses.tables";

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  return { store, other };
});

const LONDON = {
  firstName: "Ada",
  lastName: "Byron",
  line1: "12 St James's Square",
  city: "London",
  postcode: "sw1y4lb",
  countryCode: "GB",
};
const PARIS = { firstName: "Ada", lastName: "Byron", line1: "5 rue de Rivoli", city: "Paris", postcode: "75001", countryCode: "FR" };
const BOSTON = {
  firstName: "Ada",
  lastName: "Byron",
  line1: "1 Beacon Street",
  city: "Boston",
  region: "ma",
  postcode: "02108",
  countryCode: "US",
};

let customerCount = 0;
/** A fresh signed-in customer, so no two tests share an address book. */
async function signIn(extra: Partial<typeof customers.$inferInsert> = {}) {
  customerCount += 1;
  const customer = await createCustomer(api.database.db, {
    storeId: api.seeded.store.id,
    email: `addresses${customerCount}@example.com`,
    ...extra,
  });
  const { authorization } = await createSession(api.database.db, customer.id);
  return { customerId: customer.id, authorization };
}

/** A trade buyer of the named company (created on first use). */
async function tradeBuyer(companyName: string, storeId = api.seeded.store.id) {
  const companyId = await findOrCreateCompany(api.database.db, storeId, companyName);
  customerCount += 1;
  const customer = await createCustomer(api.database.db, {
    storeId,
    email: `buyer${customerCount}@example.com`,
    isTrade: true,
    companyName,
    companyId,
  });
  const { authorization } = await createSession(api.database.db, customer.id);
  return { customerId: customer.id, companyId, authorization };
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
function call(method: Method, url: string, options: { auth?: string; body?: unknown; storeKey?: string } = {}) {
  const headers: Record<string, string> = { ...TEST_HEADERS };
  if (options.storeKey) headers.storekey = options.storeKey;
  if (options.auth) headers.authorization = options.auth;
  return api.app.inject({ method, url, headers, ...(options.body === undefined ? {} : { payload: options.body as object }) });
}

async function add(auth: string, address: object, flags: object = {}): Promise<SavedAddress> {
  const response = await call("POST", "/customers/addresses", { auth, body: { address, ...flags } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function book(auth: string): Promise<SavedAddress[]> {
  const response = await call("GET", "/customers/addresses", { auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.addresses;
}

const defaultsOf = (addresses: SavedAddress[]) =>
  addresses.map((address) => [address.line1, address.isDefaultDelivery, address.isDefaultBilling]);

describe("the address book", () => {
  it("keeps addresses as checkout would, normalised and formatted, the first one both defaults", async () => {
    const { authorization } = await signIn();
    expect(await book(authorization)).toEqual([]);

    const london = await add(authorization, LONDON);
    expect(london).toMatchObject({
      postcode: "SW1Y 4LB",
      company: null,
      isDefaultDelivery: true,
      isDefaultBilling: true,
      formattedAddress: "Ada Byron, 12 St James's Square, London SW1Y 4LB, United Kingdom",
    });
    const boston = await add(authorization, BOSTON);
    expect(boston).toMatchObject({ region: "MA", isDefaultDelivery: false, isDefaultBilling: false });
    // Defaults first, then the newest.
    expect((await book(authorization)).map((address) => address.id)).toEqual([london.id, boston.id]);
  });

  it("moves a default to the address given it, and only one address holds each", async () => {
    const { authorization } = await signIn();
    const london = await add(authorization, LONDON);
    const paris = await add(authorization, PARIS, { isDefaultBilling: true });
    expect(defaultsOf(await book(authorization))).toEqual([
      [london.line1, true, false],
      [paris.line1, false, true],
    ]);

    const boston = await add(authorization, BOSTON);
    const response = await call("PUT", `/customers/addresses/${boston.id}/default`, {
      auth: authorization,
      body: { kinds: ["delivery", "billing"] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: boston.id, isDefaultDelivery: true, isDefaultBilling: true });
    expect(defaultsOf(await book(authorization))).toEqual([
      [boston.line1, true, true],
      [paris.line1, false, false],
      [london.line1, false, false],
    ]);
  });

  it("edits an address in place; flags left out keep its defaults", async () => {
    const { authorization } = await signIn();
    const london = await add(authorization, LONDON);
    const response = await call("PUT", `/customers/addresses/${london.id}`, {
      auth: authorization,
      body: { address: { ...LONDON, line1: "13 St James's Square", company: "The Byron Trust" } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: london.id,
      line1: "13 St James's Square",
      company: "The Byron Trust",
      isDefaultDelivery: true,
      isDefaultBilling: true,
    });
    expect(Date.parse(response.json().data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(london.updatedAt));
  });

  it("passes a deleted default to the newest address left, and empties cleanly", async () => {
    const { authorization } = await signIn();
    const london = await add(authorization, LONDON);
    const paris = await add(authorization, PARIS);
    const boston = await add(authorization, BOSTON);
    expect((await call("DELETE", `/customers/addresses/${london.id}`, { auth: authorization })).statusCode).toBe(204);
    expect(defaultsOf(await book(authorization))).toEqual([
      [boston.line1, true, true],
      [paris.line1, false, false],
    ]);
    expect((await call("DELETE", `/customers/addresses/${london.id}`, { auth: authorization })).statusCode).toBe(404);
    await call("DELETE", `/customers/addresses/${boston.id}`, { auth: authorization });
    await call("DELETE", `/customers/addresses/${paris.id}`, { auth: authorization });
    expect(await book(authorization)).toEqual([]);
  });

  it("answers every bad input with 400 and the field, and changes nothing", async () => {
    const { authorization } = await signIn();
    const london = await add(authorization, LONDON);
    const cases: [Method, string, unknown, string[]][] = [
      ["POST", "/customers/addresses", { address: { ...LONDON, postcode: "12345" } }, ["body.address.postcode"]],
      ["POST", "/customers/addresses", { address: { ...LONDON, postcode: undefined } }, ["body.address.postcode"]],
      ["POST", "/customers/addresses", { address: { ...BOSTON, region: "Massachusetts" } }, ["body.address.region"]],
      ["POST", "/customers/addresses", { address: { ...LONDON, countryCode: "gb" } }, ["body.address.countryCode"]],
      // A well-formed code of a country the store does not deliver to (the test store's are GB, IE, FR, DE, US).
      ["POST", "/customers/addresses", { address: { ...PARIS, countryCode: "NL", postcode: "1012 AB" } }, ["body.address.countryCode"]],
      ["PUT", `/customers/addresses/${london.id}`, { address: { ...LONDON, countryCode: "XX" } }, ["body.address.countryCode"]],
      ["POST", "/customers/addresses", { address: { ...LONDON, line1: " " } }, ["body.address.line1"]],
      ["POST", "/customers/addresses", { address: { ...LONDON, city: "x".repeat(101) } }, ["body.address.city"]],
      ["POST", "/customers/addresses", { address: { ...LONDON, phone: "call me" } }, ["body.address.phone"]],
      ["POST", "/customers/addresses", { address: { ...LONDON, nickname: "home" } }, ["body.address"]],
      ["POST", "/customers/addresses", { address: LONDON, isDefaultDelivery: "yes" }, ["body.isDefaultDelivery"]],
      ["POST", "/customers/addresses", { address: LONDON, owner: 2 }, ["body"]],
      ["POST", "/customers/addresses", {}, ["body.address"]],
      ["PUT", `/customers/addresses/${london.id}`, { address: { ...LONDON, postcode: "nope" } }, ["body.address.postcode"]],
      ["PUT", "/customers/addresses/0", { address: LONDON }, ["params.id"]],
      ["PUT", "/customers/addresses/abc", { address: LONDON }, ["params.id"]],
      ["PUT", "/customers/addresses/2147483648", { address: LONDON }, ["params.id"]],
      ["DELETE", "/customers/addresses/-1", undefined, ["params.id"]],
      ["PUT", `/customers/addresses/${london.id}/default`, { kinds: [] }, ["body.kinds"]],
      ["PUT", `/customers/addresses/${london.id}/default`, { kinds: ["shipping"] }, ["body.kinds.0"]],
      ["PUT", `/customers/addresses/${london.id}/default`, { kinds: ["billing", "billing"] }, ["body.kinds"]],
      ["PUT", `/customers/addresses/${london.id}/default`, {}, ["body.kinds"]],
    ];
    for (const [method, url, body, fields] of cases) {
      const response = await call(method, url, { auth: authorization, body });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
      expect(refusedFields(response), `${method} ${url} ${JSON.stringify(body)}`).toEqual(expect.arrayContaining(fields));
    }
    expect(await book(authorization)).toEqual([london]);
  });

  it("keeps at most MAX_CUSTOMER_ADDRESSES addresses and one default of each kind under concurrent requests", async () => {
    const { authorization, customerId } = await signIn();
    const attempts = MAX_CUSTOMER_ADDRESSES + 10;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        call("POST", "/customers/addresses", {
          auth: authorization,
          body: {
            address: { ...LONDON, line1: `${index + 1} Downing Street` },
            isDefaultDelivery: index % 2 === 0,
            isDefaultBilling: index % 3 === 0,
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_CUSTOMER_ADDRESSES);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(10);
    for (const response of refused) expect(response.json().errors[0].code).toBe("address_limit_reached");

    const rows = await api.database.db.select().from(savedAddresses).where(eq(savedAddresses.customerId, customerId));
    expect(rows).toHaveLength(MAX_CUSTOMER_ADDRESSES);
    expect(rows.filter((row) => row.isDefaultDelivery)).toHaveLength(1);
    expect(rows.filter((row) => row.isDefaultBilling)).toHaveLength(1);

    // Twenty concurrent "make this the default" calls leave exactly one default of each kind.
    const ids = rows.slice(0, 20).map((row) => row.id);
    const changes = await Promise.all(
      ids.map((id) => call("PUT", `/customers/addresses/${id}/default`, { auth: authorization, body: { kinds: ["delivery", "billing"] } })),
    );
    expect(changes.map((response) => response.statusCode)).toEqual(ids.map(() => 200));
    const after = await book(authorization);
    expect(after.filter((address) => address.isDefaultDelivery)).toHaveLength(1);
    expect(after.filter((address) => address.isDefaultBilling)).toHaveLength(1);
  });
});

describe("company addresses", () => {
  it("are shared by the company's buyers and no one else's", async () => {
    const first = await tradeBuyer("Hopper & Daughters Ltd");
    const second = await tradeBuyer("HOPPER & DAUGHTERS LTD");
    const rival = await tradeBuyer("Byron Books Ltd");
    expect(second.companyId).toBe(first.companyId);

    const added = await call("POST", "/customers/companies/address", { auth: first.authorization, body: { address: LONDON } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ postcode: "SW1Y 4LB", formattedAddress: expect.stringContaining("London") });

    const seen = await call("GET", "/customers/companies/addresses", { auth: second.authorization });
    expect(seen.json().data).toEqual({ companyName: "Hopper & Daughters Ltd", addresses: [added.json().data] });
    const rivals = await call("GET", "/customers/companies/addresses", { auth: rival.authorization });
    expect(rivals.json().data).toEqual({ companyName: "Byron Books Ltd", addresses: [] });
    // Company addresses are not in anyone's own book.
    expect(await book(first.authorization)).toEqual([]);
  });

  it("are refused to customers without a company, and bad input is refused", async () => {
    const { authorization } = await signIn();
    for (const [method, url, body] of [
      ["GET", "/customers/companies/addresses", undefined],
      ["POST", "/customers/companies/address", { address: LONDON }],
    ] as const) {
      const response = await call(method, url, { auth: authorization, body });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe("company_account_required");
    }
    const buyer = await tradeBuyer("Refusals Ltd");
    const bad = await call("POST", "/customers/companies/address", {
      auth: buyer.authorization,
      body: { address: { ...PARIS, postcode: "7500" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(refusedFields(bad)).toEqual(["body.address.postcode"]);
    const extra = await call("POST", "/customers/companies/address", {
      auth: buyer.authorization,
      body: { address: PARIS, isDefaultDelivery: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it("hold at most MAX_COMPANY_ADDRESSES under concurrent requests from two buyers", async () => {
    const first = await tradeBuyer("Concurrent Ltd");
    const second = await tradeBuyer("Concurrent Ltd");
    // The list is filled to five short of the limit at once, then twenty requests race for the last five.
    await api.database.db.insert(savedAddresses).values(
      Array.from({ length: MAX_COMPANY_ADDRESSES - 5 }, (_, index) => ({
        companyId: first.companyId!,
        addedByCustomerId: first.customerId,
        address: { ...PARIS, line1: `${index + 1} quai de Conti`, postcode: "75006", region: undefined },
      })),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call("POST", "/customers/companies/address", {
          auth: (index % 2 === 0 ? first : second).authorization,
          body: { address: { ...PARIS, line1: `${index + 1} rue de Rivoli` } },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused.map((response) => response.json().errors[0].code)).toEqual(refused.map(() => "address_limit_reached"));
    const rows = await api.database.db.select().from(savedAddresses).where(eq(savedAddresses.companyId, first.companyId!));
    expect(rows).toHaveLength(MAX_COMPANY_ADDRESSES);
  });

  it("belong to buyers invited for the same company, whatever the case of its name", async () => {
    const tokens: string[] = [];
    for (const [email, companyName] of [
      [`invited${customerCount + 1}@example.com`, "Lovelace Print Co"],
      [`invited${customerCount + 2}@example.com`, "lovelace print co "],
    ] as const) {
      const invite = await createInvite(api.database.db, {
        store: api.seeded.store,
        storefrontUrl: "http://shop.test",
        email,
        firstName: "Ada",
        lastName: "Lovelace",
        companyName,
        sendEmail: false,
      });
      const token = invite.url.split("/").at(-1)!;
      const completed = await call("PUT", "/auth/invites/complete", { body: { token, password: "Correct-Horse-Battery-9" } });
      expect(completed.statusCode, completed.body).toBe(201);
      tokens.push(`Bearer ${completed.json().data.token}`);
    }
    customerCount += 2;
    const [first, second] = tokens as [string, string];
    await call("POST", "/customers/companies/address", { auth: first, body: { address: BOSTON } });
    const seen = await call("GET", "/customers/companies/addresses", { auth: second });
    expect(seen.json().data.companyName).toBe("Lovelace Print Co");
    expect(seen.json().data.addresses.map((address: SavedAddress) => address.line1)).toEqual([BOSTON.line1]);
  });
});

describe("who may use an address", () => {
  it("answers another customer, another company's buyer and an anonymous caller 404, 403 or 401 with none of the owner's data", async () => {
    const owner = await tradeBuyer("Owner & Co");
    const ownAddress = await add(owner.authorization, LONDON);
    const companyAddress = (
      await call("POST", "/customers/companies/address", {
        auth: owner.authorization,
        body: { address: { ...PARIS, line1: "9 Quai Voltaire" } },
      })
    ).json().data as SavedAddress;
    const intruders = {
      "another customer": (await signIn()).authorization,
      "another company's buyer": (await tradeBuyer("Intruders plc")).authorization,
      "a customer of another store": (await tradeBuyer("Owner & Co", api.seeded.other.id)).authorization,
      anonymous: undefined,
    };
    const attempts: [Method, string, unknown][] = [
      ["GET", "/customers/addresses", undefined],
      ["PUT", `/customers/addresses/${ownAddress.id}`, { address: BOSTON }],
      ["PUT", `/customers/addresses/${companyAddress.id}`, { address: BOSTON }],
      ["DELETE", `/customers/addresses/${ownAddress.id}`, undefined],
      ["DELETE", `/customers/addresses/${companyAddress.id}`, undefined],
      ["PUT", `/customers/addresses/${ownAddress.id}/default`, { kinds: ["delivery"] }],
      ["GET", "/customers/companies/addresses", undefined],
    ];
    for (const [who, auth] of Object.entries(intruders)) {
      for (const [method, url, body] of attempts) {
        const storeKey = who === "a customer of another store" ? api.seeded.other.key : undefined;
        const response = await call(method, url, { auth, body, storeKey });
        const label = `${who}: ${method} ${url}`;
        expect([200, 401, 403, 404], label).toContain(response.statusCode);
        expect(response.body, label).not.toContain("St James");
        expect(response.body, label).not.toContain("Quai Voltaire");
        if (method !== "GET") expect(response.statusCode, label).not.toBe(200);
        if (!auth) expect(response.statusCode, label).toBe(401);
      }
    }
    // The owner's address and the company's are as they were.
    expect(await book(owner.authorization)).toEqual([ownAddress]);
    const company = await call("GET", "/customers/companies/addresses", { auth: owner.authorization });
    expect(company.json().data.addresses).toEqual([companyAddress]);
  });
});
