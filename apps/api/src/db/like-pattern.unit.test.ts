import { describe, expect, it } from "vitest";
import { likeEscaped } from "./like-pattern";

describe("likeEscaped", () => {
  it("escapes the pattern characters and leaves the rest", () => {
    expect(likeEscaped("50% off_now\\")).toBe("50\\% off\\_now\\\\");
    expect(likeEscaped("grace hopper")).toBe("grace hopper");
  });
});
