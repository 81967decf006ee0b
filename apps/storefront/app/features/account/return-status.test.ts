import { RETURN_STATUSES } from "@quire/contracts/constants";
import { describe, expect, it } from "vitest";
import { choiceLabel, refundKindLabel, refundStatusLabel, returnNextStep, returnStatusText } from "./return-status";

describe("returnStatusText", () => {
  it("words every status and colours the settled ones as done, the refused and cancelled ones as ended", () => {
    for (const status of RETURN_STATUSES) {
      expect(returnStatusText(status).label, status).not.toBe("");
      expect(returnNextStep(status), status).not.toBe("");
    }
    expect(returnStatusText("requested")).toEqual({ label: "Requested", tone: "waiting" });
    expect(returnStatusText("received")).toEqual({ label: "Parcel received", tone: "progress" });
    for (const status of ["refunded", "credited", "exchanged"] as const) expect(returnStatusText(status).tone, status).toBe("done");
    for (const status of ["rejected", "cancelled"] as const) expect(returnStatusText(status).tone, status).toBe("cancelled");
  });

  it("tells the customer to send the parcel while the return is requested", () => {
    expect(returnNextStep("requested")).toMatch(/send them back/);
  });
});

describe("refund labels", () => {
  it("says how the money goes back and where it stands", () => {
    expect(refundKindLabel("payment")).toBe("Refund to your payment");
    expect(refundKindLabel("store_credit")).toBe("Store credit");
    expect(refundStatusLabel("pending")).toBe("In progress");
    expect(refundStatusLabel("succeeded")).toBe("Completed");
  });
});

describe("choiceLabel", () => {
  const reasons = [{ code: "damaged", label: "Arrived damaged" }];

  it("answers the API's words for a code, and the code itself when the list lacks it", () => {
    expect(choiceLabel(reasons, "damaged")).toBe("Arrived damaged");
    expect(choiceLabel(reasons, "changed_mind")).toBe("changed_mind");
  });
});
