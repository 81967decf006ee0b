import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { enqueueMail } from "./mail.service";
import { listMailTo } from "./outbox-reads.service";

let database: TestDatabase;
let storeId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  storeId = (await createStore(database.db)).id;
});
afterAll(async () => {
  await database?.close();
});

const mail = (recipient: string, kind: string, subject: string) => ({ storeId, kind, recipient, subject, textBody: `${subject}.` });

describe("listMailTo", () => {
  it("answers the messages of one kind queued for an address, oldest first, and no one else's", async () => {
    const db = database.db;
    await enqueueMail(db, mail("reader@example.com", "back_in_stock_confirmation", "First"));
    await enqueueMail(db, mail("reader@example.com", "password_reset", "Another kind"));
    await enqueueMail(db, mail("someone@example.com", "back_in_stock_confirmation", "Another address"));
    await enqueueMail(db, { ...mail("reader@example.com", "back_in_stock_confirmation", "Second"), actionUrl: "https://shop.example/x" });

    const found = await listMailTo(db, { recipient: "reader@example.com", kind: "back_in_stock_confirmation" });
    expect(found.map((message) => message.subject)).toEqual(["First", "Second"]);
    expect(found[1]).toEqual({
      id: expect.any(Number),
      storeId,
      kind: "back_in_stock_confirmation",
      recipient: "reader@example.com",
      subject: "Second",
      textBody: "Second.",
      actionUrl: "https://shop.example/x",
      createdAt: expect.any(Date),
      sentAt: null,
    });
    expect(await listMailTo(db, { recipient: "nobody@example.com", kind: "back_in_stock_confirmation" })).toEqual([]);
  });
});
