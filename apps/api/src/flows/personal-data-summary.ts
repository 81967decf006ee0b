import type { MoneyDto, PersonalDataExport } from "@quire/contracts";
import { formatMoney } from "@quire/money";

/*
 * A person's data export as plain text (decision 062): the same content as the JSON, in headed sections of
 * sentences and "- " lists, for a person to read. English, as the shop's mails are; dates in UTC, as stored.
 */

const price = (value: MoneyDto) => formatMoney(value);
const day = (iso: string | null) => (iso === null ? "never" : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function heading(title: string, count: number | null, truncated: boolean): string[] {
  const counted = count === null ? title : `${title} (${count}${truncated ? ", the first of more" : ""})`;
  return ["", counted, "=".repeat(counted.length)];
}

/** The export as text/plain: one section per part of the export, "None." for an empty one, the notes last. */
export function renderPersonalDataSummary(data: PersonalDataExport): string {
  const out: string[] = [];
  const truncated = new Set(data.truncatedSections);
  const list = <T>(title: string, name: (typeof data.truncatedSections)[number] | null, rows: readonly T[], line: (row: T) => string[]) => {
    out.push(...heading(title, rows.length, name !== null && truncated.has(name)));
    if (rows.length === 0) out.push("None.");
    for (const row of rows) out.push(...line(row));
  };

  out.push(`Your data at ${data.store.name}`, "");
  out.push(`Exported ${day(data.exportedAt)} for ${data.subject.email}${data.subject.kind === "guest" ? " (no account)" : ""}.`);

  out.push(...heading("Account", null, false));
  if (!data.account) out.push("No account has this email address.");
  else {
    const a = data.account;
    out.push(
      `- Name: ${`${a.firstName} ${a.lastName}`.trim() || "not given"}`,
      `- Email: ${a.email}`,
      `- Phone: ${a.phone || "not given"}`,
      ...(a.companyName ? [`- Company: ${a.companyName}${a.isTrade ? " (trade account)" : ""}`] : []),
      `- Marketing emails: ${a.marketingOptIn ? "yes" : "no"}`,
      `- Privacy policy accepted: ${a.acceptedPrivacyPolicyVersion ?? "none recorded"}`,
      `- Created ${day(a.createdAt)}, last changed ${day(a.updatedAt)}${a.blockedAt ? `, blocked ${day(a.blockedAt)}` : ""}`,
    );
    if (data.sessions) out.push(`- Signed in ${plural(data.sessions.count, "time")}, last ${day(data.sessions.lastSignInAt)}`);
  }

  list("Registrations and invitations", "signUps", data.signUps, (row) => [
    `- ${row.kind === "registration" ? "Registration" : "Trade invitation"} for ${row.email} (${`${row.firstName} ${row.lastName}`.trim() || "no name"}) on ${day(row.createdAt)}, ${row.completedAt ? `completed ${day(row.completedAt)}` : "not completed"}`,
  ]);
  list("Addresses", "addresses", data.addresses, (row) => [
    `- ${row.formattedAddress}${row.book === "company" ? " (added to your company's addresses)" : ""}${row.isDefaultDelivery ? ", default delivery" : ""}${row.isDefaultBilling ? ", default billing" : ""}`,
  ]);
  list("Orders", "orders", data.orders, (order) => [
    `- ${order.publicId}, placed ${day(order.placedAt)}, ${order.status.replace(/_/g, " ")}, total ${price(order.grandTotal)}`,
    `  Buyer: ${order.firstName} ${order.lastName}, ${order.email}${order.phone ? `, ${order.phone}` : ""}`,
    ...order.lines.map((line) => `  ${line.quantity} x ${line.productName} (${line.variantName}, ${line.sku}): ${price(line.total)}`),
    `  Delivery (${order.deliveryOption}) to: ${order.deliveryAddress.formattedAddress}`,
    `  Billing address: ${order.billingAddress.formattedAddress}`,
    ...(order.latestPayment ? [`  Payment: ${order.latestPayment.method}, ${order.latestPayment.status}`] : []),
    ...(order.customerComment ? [`  Your comment: ${order.customerComment}`] : []),
    ...order.statusHistory.map((change) => `  ${day(change.at)}: ${change.from || "placed"} -> ${change.to}`),
  ]);
  list("Returns", "returns", data.returns, (row) => [
    `- ${row.publicId} of order ${row.orderPublicId}, ${day(row.createdAt)}: ${row.status}, ${row.reason.replace(/_/g, " ")}, ${row.resolution.replace(/_/g, " ")}, ${price(row.amount)}${row.comment ? `; "${row.comment}"` : ""}`,
    ...row.lines.map((line) => `  ${line.quantity} x ${line.productName} (${line.orderLineSku})`),
  ]);
  list("Withdrawals", "withdrawals", data.withdrawals, (row) => [
    `- ${row.publicId} from order ${row.orderPublicId}, ${day(row.declaredAt)}: ${row.status}, ${price(row.amount)}, refund due by ${day(row.refundDueBy)}`,
    ...row.lines.map((line) => `  ${line.quantity} x ${line.productName} (${line.orderLineSku})`),
  ]);
  list("Store credit", "storeCredit", data.storeCredit, (row) => [`- ${day(row.createdAt)}: ${price(row.amount)}, ${row.note}`]);
  list("Wishlists", "wishlists", data.wishlists, (list) => [
    `- ${list.name} (created ${day(list.createdAt)})`,
    ...list.items.map((item) => `  ${item.quantity} x ${item.productName ?? "a product no longer sold"}`),
  ]);
  list("Newsletter subscriptions", "marketingSubscriptions", data.marketingSubscriptions, (row) => [
    `- ${row.email}: ${row.topics.length > 0 ? row.topics.join(", ").replace(/_/g, " ") : "unsubscribed"} (since ${day(row.createdAt)}, changed ${day(row.updatedAt)})`,
  ]);
  list("Consent decisions", "consentRecords", data.consentRecords, (row) => [
    row.kind === "marketing"
      ? `- ${day(row.recordedAt)}, newsletters (${row.source.replace(/_/g, " ")}): ${row.subscribed ? `subscribed to ${(row.topics ?? []).join(", ").replace(/_/g, " ")}` : "unsubscribed"}`
      : `- ${day(row.recordedAt)}, cookies (${row.source.replace(/_/g, " ")}): analytics ${row.analytics ? "yes" : "no"}, marketing ${row.marketing ? "yes" : "no"}`,
  ]);
  list("Back-in-stock requests", "backInStockRequests", data.backInStockRequests, (row) => [
    `- ${row.productName ?? "a product no longer sold"} for ${row.email}, asked ${day(row.createdAt)}, ${row.notifiedAt ? `notified ${day(row.notifiedAt)}` : row.confirmedAt ? "waiting" : "not confirmed"}`,
  ]);
  list("Contact messages", "contactMessages", data.contactMessages, (row) => [
    `- ${row.reference}, ${day(row.createdAt)}, from ${row.name} <${row.email}>: ${row.subject}`,
    ...row.message.split("\n").map((text) => `  ${text}`),
  ]);
  list("Recently viewed", "recentlyViewed", data.recentlyViewed, (row) => [
    `- ${row.productName ?? "a product no longer sold"}, ${day(row.viewedAt)}`,
  ]);
  list("Mails sent to you", "mails", data.mails, (row) => [
    `- ${day(row.queuedAt)}: ${row.subject} (${row.sentAt ? "sent" : "not sent yet"})`,
  ]);

  out.push(...heading("What this export leaves out", null, false));
  out.push(...data.notes.map((note) => `- ${note}`));
  return `${out.join("\n")}\n`;
}
