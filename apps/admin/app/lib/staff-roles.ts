import type { StaffRole } from "@quire/contracts";

/** Each role in a sentence, as decision 046's table grants it (ROLE_PERMISSIONS is what the API enforces). */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Everything, including staff, API tokens and the audit log.",
  manager: "Runs the shop: orders, returns, stock, catalogue, customers, discounts, content and settings; not its people.",
  fulfilment: "Ships orders, takes returns back and counts stock.",
  content: "Writes pages, menus, redirects and the blog.",
};
