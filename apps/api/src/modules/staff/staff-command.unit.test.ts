import { describe, expect, it } from "vitest";
import { parseStaffArgs } from "./staff-command";

describe("npm run staff -- invite", () => {
  it("reads an invitation, an owner in the demo store unless told otherwise", () => {
    expect(parseStaffArgs(["invite", "--email", " Ada@Example.COM ", "--name", "Ada Lovelace"])).toEqual({
      help: false,
      email: "ada@example.com",
      name: "Ada Lovelace",
      role: "owner",
      storeKey: "quire-demo",
    });
    expect(parseStaffArgs(["invite", "--email", "b@example.com", "--name", "B", "--role", "content", "--store", "other"])).toMatchObject({
      role: "content",
      storeKey: "other",
    });
  });

  it("says what is wrong with the arguments", () => {
    expect(() => parseStaffArgs(["--email", "a@example.com", "--name", "A"])).toThrow("The command is `invite`");
    expect(() => parseStaffArgs(["invite", "--name", "A"])).toThrow("--email is required");
    expect(() => parseStaffArgs(["invite", "--email", "not-an-email", "--name", "A"])).toThrow('--email: "not-an-email"');
    expect(() => parseStaffArgs(["invite", "--email", "a@example.com"])).toThrow("--name");
    expect(() => parseStaffArgs(["invite", "--email", "a@example.com", "--name", "A", "--role", "root"])).toThrow("--role");
    expect(() => parseStaffArgs(["invite", "--unknown"])).toThrow();
  });
});
